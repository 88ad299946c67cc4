"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { usePublishPost } from "@/lib/query/posts";

// Retry in place on the attention page: POST /api/posts/:id/publish attempts every failed network of the
// post again (as Retry on the post's page, components/posts/post-actions.tsx), confirmed first because it
// reaches the networks. The page is rendered again so the row leaves once the retry is under way.
export const RetryPostButton = ({ postId, label }: { postId: string; label: string }) => {
  const [open, setOpen] = useState(false);
  const publish = usePublishPost();
  const router = useRouter();
  const toast = useToast();
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          publish.reset();
          setOpen(true);
        }}
        data-testid={`attention-retry-${postId}`}
      >
        Retry
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Retry the failed networks?"
        testId="attention-retry-dialog"
        description={
          <p>
            Every failed network of <span className="font-semibold text-slate-900">{label}</span> is attempted again.
          </p>
        }
        confirmLabel="Retry"
        onConfirm={() =>
          publish.mutate(postId, {
            onSuccess: () => {
              setOpen(false);
              toast.success("Retrying the failed networks");
              router.refresh();
            },
          })
        }
        isPending={publish.isPending}
        error={publish.error ? errorMessage(publish.error) : null}
      />
    </>
  );
};
