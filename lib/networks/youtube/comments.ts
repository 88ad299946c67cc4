import { z } from "zod";
import { googleDelete, googleJson, isRecent, readBack, sameText, withQuery } from "../google/api";
import type { CommentDraft, Comments, CreatedComment } from "../types";

// YouTube comments (networks.md "youtube" comments), with the channel's token (youtube.force-ssl):
//   comment   POST commentThreads?part=snippet {snippet: {videoId, topLevelComment: {snippet: {textOriginal}}}}
//             (the comment's id is the top-level comment's, which is also the thread's)
//   reply     POST comments?part=snippet {snippet: {parentId, textOriginal}}; YouTube has one reply level,
//             so a reply to a reply answers the thread's top-level comment
//   read-back commentThreads?videoId&order=time (newest first) or comments?parentId: the channel's own
//             comment with the same text, since the first attempt
//   delete    DELETE comments?id= (the channel's own comments; already gone counts as deleted)
// Hiding, likes and pins are not in the Data API (moderation is setModerationStatus): not offered.

type Settings = { api_url: string };
type Ctx = { settings: Settings; fetch: typeof fetch };

const api = (ctx: Ctx, path: string) => `${ctx.settings.api_url.replace(/\/+$/, "")}${path}`;
const ZSnippet = z
  .object({
    textOriginal: z.string().optional(),
    authorChannelId: z.object({ value: z.string() }).optional(),
    publishedAt: z.string().optional(),
  })
  .loose();
const ZComment = z.object({ id: z.string(), snippet: ZSnippet }).loose();
const ZThread = z.object({ id: z.string(), snippet: z.object({ topLevelComment: ZComment }).loose() }).loose();
const ZList = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).optional(), nextPageToken: z.string().optional() }).loose();

const createdOf = (c: z.infer<typeof ZComment>): CreatedComment => ({
  externalId: c.id,
  postedAt: c.snippet.publishedAt ? new Date(c.snippet.publishedAt) : null,
});
const parentOf = (draft: CommentDraft) => draft.rootExternalId ?? draft.parentExternalId;

// The channel's own comment with this text, written since the first attempt (one page of 100: newest first).
const ours = (draft: CommentDraft, items: z.infer<typeof ZComment>[]) =>
  items.find(
    (c) =>
      c.snippet.authorChannelId?.value === draft.auth.externalId &&
      sameText(c.snippet.textOriginal, draft.body) &&
      isRecent(c.snippet.publishedAt) &&
      Date.parse(c.snippet.publishedAt ?? "") >= draft.since.getTime() - 60_000,
  );

export const youtubeComments: Comments<Settings> = {
  create: async (ctx, draft) => {
    const parentId = parentOf(draft);
    if (parentId) {
      const reply = await googleJson(ctx, withQuery(api(ctx, "/comments"), { part: "snippet" }), draft.auth, {
        method: "POST",
        json: { snippet: { parentId, textOriginal: draft.body } },
        schema: ZComment,
        what: "comments.insert",
      });
      return createdOf(reply);
    }
    const thread = await googleJson(ctx, withQuery(api(ctx, "/commentThreads"), { part: "snippet" }), draft.auth, {
      method: "POST",
      json: { snippet: { videoId: draft.postExternalId, topLevelComment: { snippet: { textOriginal: draft.body } } } },
      schema: ZThread,
      what: "commentThreads.insert",
    });
    return createdOf(thread.snippet.topLevelComment);
  },
  findCreated: (ctx, draft) =>
    readBack("comment", async () => {
      const parentId = parentOf(draft);
      if (parentId) {
        const url = withQuery(api(ctx, "/comments"), { part: "snippet", parentId, maxResults: "100" });
        const { items = [] } = await googleJson(ctx, url, draft.auth, {
          schema: ZList(ZComment),
          what: "comments.list",
        });
        const hit = ours(draft, items);
        return hit ? createdOf(hit) : null;
      }
      const url = withQuery(api(ctx, "/commentThreads"), {
        part: "snippet",
        videoId: draft.postExternalId,
        order: "time",
        maxResults: "100",
      });
      const { items = [] } = await googleJson(ctx, url, draft.auth, {
        schema: ZList(ZThread),
        what: "commentThreads.list",
      });
      const hit = ours(
        draft,
        items.map((t) => t.snippet.topLevelComment),
      );
      return hit ? createdOf(hit) : null;
    }),
  delete: async (ctx, ref) => {
    await googleDelete(ctx, withQuery(api(ctx, "/comments"), { id: ref.externalId }), ref.auth);
  },
};
