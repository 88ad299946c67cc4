"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import type { TPost } from "@/lib/schemas/posts";
import { useDeletePost } from "@/lib/query/posts";
import { networkNames } from "./network-names";

type Props = {
  post: TPost | null;
  profileNames?: Record<string, string>;
  onClose: () => void;
  onDeleted: () => void;
};

// Delete here (DELETE /api/posts/:id: the record only) or everywhere (?delete_on_platform=true: the
// published copies leave their networks first, then the record; lib/contracts/posts.ts deletePost).
export const DeletePostDialog = ({ post, profileNames = {}, onClose, onDeleted }: Props) => {
  const toast = useToast();
  const deletePost = useDeletePost();
  const [everywhere, setEverywhere] = useState(false);
  const live = post?.platforms.filter((p) => p.status === "published") ?? [];

  const close = () => {
    deletePost.reset();
    setEverywhere(false);
    onClose();
  };

  const onConfirm = () => {
    if (!post) return;
    deletePost.mutate(
      { id: post.id, everywhere: everywhere && live.length > 0 },
      {
        onSuccess: () => {
          toast.success(everywhere ? "Deleting the post from its networks, then here" : "Post deleted");
          close();
          onDeleted();
        },
      },
    );
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
          {live.length > 0 && (
            <>
              <p>
                It is already on{" "}
                <span className="font-semibold text-slate-900" data-testid="delete-live-networks">
                  {networkNames(live, profileNames)}
                </span>
                {everywhere ? "." : ", and stays there unless you delete it everywhere."}
              </p>
              <label className="flex items-center gap-2 font-medium text-slate-800">
                <input
                  type="checkbox"
                  className="accent-red-600"
                  checked={everywhere}
                  onChange={(e) => setEverywhere(e.target.checked)}
                  data-testid="delete-everywhere"
                />
                Delete it from those networks too (live posts are removed)
              </label>
            </>
          )}
          <p>This cannot be undone.</p>
        </>
      }
      confirmLabel={everywhere && live.length > 0 ? "Delete everywhere" : "Delete post"}
      onConfirm={onConfirm}
      isPending={deletePost.isPending}
      error={deletePost.error ? errorMessage(deletePost.error) : null}
    />
  );
};
