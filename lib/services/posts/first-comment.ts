import "server-only";
import { db } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import { contextFor } from "@/lib/services/connections/context";
import { detailsJson } from "./publish-attempt";
import { buildPublishInput, loadPlatformPost } from "./publish-input";

// `first_comment` under a freshly published post, where the network has one. The post stays published
// whatever happens here; a failure is noted in error_details (postproxy_note).
export const postFirstComment = async ({ platformPostId }: { platformPostId: string }) => {
  const pp = await loadPlatformPost(platformPostId);
  const text = (pp?.params as { first_comment?: unknown } | null)?.first_comment;
  if (
    !pp ||
    pp.status !== "published" ||
    !pp.externalId ||
    pp.firstCommentId ||
    typeof text !== "string" ||
    !text.trim()
  )
    return { state: "skipped" as const };
  const connector = connectorFor({ platform: pp.platform, environment: pp.profile.environment });
  if (!connector.createFirstComment) return { state: "skipped" as const };
  const built = await buildPublishInput(connector, pp);
  if ("problem" in built) return { state: "skipped" as const };
  try {
    const { externalId } = await connector.createFirstComment(contextFor(connector), {
      ...built.input,
      postExternalId: pp.externalId,
      body: text,
    });
    await db.platformPost.update({ where: { id: pp.id }, data: { firstCommentId: externalId } });
    return { state: "commented" as const };
  } catch (err) {
    const note = `The post was published, but its first comment failed: ${err instanceof Error ? err.message : String(err)}`;
    await db.platformPost.update({ where: { id: pp.id }, data: { errorDetails: detailsJson({ note }) } });
    return { state: "failed" as const };
  }
};
