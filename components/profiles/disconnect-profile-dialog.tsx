"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { errorMessage } from "@/lib/query/fetcher";
import { useDisconnectProfile } from "@/lib/query/profiles";
import type { TProfile } from "@/lib/schemas/profiles";

type Props = { profile: TProfile | null; onClose: () => void };

export const DisconnectProfileDialog = ({ profile, onClose }: Props) => {
  const toast = useToast();
  const disconnect = useDisconnectProfile();

  const close = () => {
    disconnect.reset();
    onClose();
  };

  const onConfirm = () => {
    if (!profile) return;
    disconnect.mutate(profile, {
      onSuccess: () => {
        toast.success(`Disconnected ${DISPLAY_NAMES[profile.platform]} “${profile.name}”`);
        close();
      },
    });
  };

  const network = profile ? DISPLAY_NAMES[profile.platform] : "";
  return (
    <ConfirmDialog
      open={profile !== null}
      onOpenChange={(open) => !open && close()}
      title={`Disconnect ${network}?`}
      testId="disconnect-profile-dialog"
      description={
        <>
          <p>
            <span className="font-semibold text-slate-900">{profile?.name}</span> is removed from this group together
            with <span className="font-semibold text-slate-900">its tokens and placements</span>. Posts can no longer be
            published to it.
          </p>
          <p>Webhooks receive profile.disconnected. Connect the account again to post to it.</p>
        </>
      }
      confirmLabel="Disconnect"
      onConfirm={onConfirm}
      isPending={disconnect.isPending}
      error={disconnect.error ? errorMessage(disconnect.error) : null}
    />
  );
};
