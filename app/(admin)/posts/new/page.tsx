import type { Metadata } from "next";
import { PostComposer } from "@/components/posts/composer";
import { requireAdminSession } from "@/lib/auth/session";
import { mentionPlatforms } from "@/lib/networks/registry";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New post" };

export default async function NewPostPage() {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  await requireAdminSession();
  return <PostComposer mentionPlatforms={mentionPlatforms()} />;
}
