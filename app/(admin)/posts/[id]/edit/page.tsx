import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostComposer } from "@/components/posts/composer";
import { ApiError } from "@/lib/errors";
import { renderPost } from "@/lib/serializers/post";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { mentionPlatforms } from "@/lib/networks/registry";
import { ZPostParams } from "@/lib/schemas/posts";
import { findPost } from "@/lib/services/posts/read-posts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit post" };

// The composer on an existing post; it saves through PATCH /api/posts/:id, which says whether the post can
// still be edited (lib/services/posts/update-post.ts).
export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const { id } = await params;
  if (!ZPostParams.safeParse({ id }).success) notFound();
  try {
    const post = renderPost(await findPost({ principal, id }));
    return <PostComposer key={post.updated_at} mentionPlatforms={mentionPlatforms()} post={post} />;
  } catch (err) {
    if (err instanceof ApiError) notFound();
    throw err;
  }
}
