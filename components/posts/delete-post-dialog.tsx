"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import type { TPost } from "@/lib/schemas/posts";
import { useDeletePost } from "@/lib/query/posts";

type Props = { post: TPost | null; onClose: () => void; onDeleted: () => void };

export const DeletePostDialog = ({ post, onClose, onDeleted }: Props) => {
  const toast = useToast();
  const deletePost = useDeletePost();
  const published = post?.platforms.filter((p) => p.status === "published").length ?? 0;

  const close = () => {
    deletePost.reset();
    onClose();
  };

  const onConfirm = () => {
    if (!post) return;
    deletePost.mutate(post.id, {
      onSuccess: () => {
        toast.success("Post deleted");
        close();
        onDeleted();
      },
    });
  };

  return (
    <ConfirmDialog
      open={post !== null}
      onOpenChange={(open) => !open && close()}
      title="Delete post?"
      testId="delete-post-dialog"
      description={
        <>
          <p>
            The post and its per-network results are removed from this service; scheduled or queued publishing stops.
          </p>
          {published > 0 && (
            <p>
              It is already on{" "}
              <span className="font-semibold text-slate-900">
                {published === 1 ? "1 network" : `${published} networks`}
              </span>
              , and stays there: delete it on the network itself.
            </p>
          )}
          <p>This cannot be undone.</p>
        </>
      }
      confirmLabel="Delete post"
      onConfirm={onConfirm}
      isPending={deletePost.isPending}
      error={deletePost.error ? errorMessage(deletePost.error) : null}
    />
  );
};
