import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostView } from "@/components/posts/post-view";
import { PostStats } from "@/components/stats/post-stats";
import { ApiError } from "@/lib/errors";
import { ZPostParams, type TPost } from "@/lib/schemas/posts";
import { renderPost } from "@/lib/serializers/post";
import { findPost } from "@/lib/services/posts/read-posts";
import { staffPrincipal } from "@/lib/auth/staff-principal";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Post" };

export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const { id } = await params;
  // A malformed id names no post (the API answers 404 too).
  if (!ZPostParams.safeParse({ id }).success) notFound();
  // First paint from the service; the page then polls GET /api/posts/:id. Missing here (deleted, or in
  // the other environment) is shown by the client, which also follows environment switches.
  let initial: TPost | undefined;
  try {
    initial = renderPost(await findPost({ principal, id }));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  return (
    <>
      <PostView id={id} initial={initial} initialEnvironment={principal.environment} />
      <PostStats principal={principal} postId={id} />
    </>
  );
}
