"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/query/fetcher";
import { useWebhookSecret, type TWebhookSummary } from "@/lib/query/webhooks";
import { SignatureHint, WebhookSecret } from "./webhook-secret";

type Props = { webhook: TWebhookSummary | null; onClose: () => void };

export const RevealSecretDialog = ({ webhook, onClose }: Props) => (
  <Dialog
    open={webhook !== null}
    onOpenChange={(open) => !open && onClose()}
    title="Signing secret"
    description={webhook ? <span className="break-all">{webhook.url}</span> : undefined}
    testId="reveal-secret-dialog"
  >
    {/* Mounted only while open: the secret is fetched now and its cache entry dropped on close. */}
    {webhook && <RevealedSecret id={webhook.id} />}
    <DialogFooter>
      <Button onClick={onClose} data-testid="reveal-secret-done">
        Done
      </Button>
    </DialogFooter>
  </Dialog>
);

const RevealedSecret = ({ id }: { id: string }) => {
  const secret = useWebhookSecret(id, { enabled: true });
  if (secret.isPending) return <LoadingRows label="Fetching secret…" />;
  if (secret.isError) {
    return (
      <InlineStatus>
        Could not fetch the secret: {errorMessage(secret.error)}{" "}
        <button type="button" className="font-medium underline" onClick={() => secret.refetch()}>
          Retry
        </button>
      </InlineStatus>
    );
  }
  return (
    <div className="space-y-4">
      <WebhookSecret secret={secret.data} />
      <SignatureHint />
    </div>
  );
};
