import type { Metadata } from "next";
import { PostComposer } from "@/components/posts/composer";
import type { TComposerPrefill } from "@/components/posts/composer-values";
import { ApiError } from "@/lib/errors";
import { renderPost } from "@/lib/serializers/post";
import { staffPrincipal } from "@/lib/auth/staff-principal";
import { mentionPlatforms } from "@/lib/networks/registry";
import { zTimestamp } from "@/lib/schemas/common";
import { ZPostParams, type TPost } from "@/lib/schemas/posts";
import { findPost } from "@/lib/services/posts/read-posts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New post" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (v: string | string[] | undefined) => (typeof v === "string" && v.length <= 100 ? v : undefined);

// `?from=<post id>` (Duplicate on a post's page) starts the composer as a copy of that post; an id that
// names no post of this environment starts it empty. `?scheduled_at=<ISO>&group=<id>` or
// `?group=<id>&queue=<id>` (the calendar) start it at that time or in that queue; a time that does not
// parse is left out.
export default async function NewPostPage({ searchParams }: Props) {
  // The layout checks too; pages check again because a layout does not re-run on client navigation.
  const principal = await staffPrincipal();
  const params = await searchParams;
  const from = params.from;
  const at = single(params.scheduled_at);
  const prefill: TComposerPrefill = {
    scheduledAt: at && zTimestamp().safeParse(at).success ? at : undefined,
    groupId: single(params.group),
    queueId: single(params.queue),
  };
  let source: TPost | undefined;
  if (typeof from === "string" && ZPostParams.safeParse({ id: from }).success) {
    try {
      source = renderPost(await findPost({ principal, id: from }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return (
    <PostComposer
      key={source?.id ?? "new"}
      mentionPlatforms={mentionPlatforms()}
      from={source}
      prefill={prefill.scheduledAt || prefill.groupId || prefill.queueId ? prefill : undefined}
    />
  );
}
