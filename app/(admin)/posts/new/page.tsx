import type { Metadata } from "next";
import { PostComposer } from "@/components/posts/composer";
import { ApiError } from "@/lib/api/errors";
import { renderPost } from "@/lib/api/serializers/post";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { mentionPlatforms } from "@/lib/networks/registry";
import { ZPostParams, type TPost } from "@/lib/schemas/posts";
import { findPost } from "@/lib/services/posts/read-posts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New post" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// `?from=<post id>` (Duplicate on a post's page) starts the composer as a copy of that post; an id that
// names no post of this environment starts it empty.
export default async function NewPostPage({ searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const from = (await searchParams).from;
  let source: TPost | undefined;
  if (typeof from === "string" && ZPostParams.safeParse({ id: from }).success) {
    try {
      source = renderPost(await findPost({ principal, id: from }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return <PostComposer key={source?.id ?? "new"} mentionPlatforms={mentionPlatforms()} from={source} />;
}
