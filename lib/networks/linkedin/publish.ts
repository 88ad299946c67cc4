import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ProfileAuth, PublishInput, PublishResult } from "../types";
import { mapLinkedInError } from "./errors";
import { littleText } from "./little-text";
import { uploadMedia } from "./media";
import { fetchMember } from "./member";
import type { LinkedInParams } from "./post-rules";
import { at, restHeaders, type LinkedInCtx } from "./settings";
import { countryTargets } from "./targeting";

// Posts API (LinkedIn Marketing API): POST /rest/posts with the author (the member's person URN for the
// personal profile, urn:li:organization:<id> for an organization placement), the commentary in little
// text, and at most one kind of content: uploaded media (one image, video or document: content.media;
// 2 to 20 images: content.multiImage), a poll (content.poll), or a reshare (reshareContext.parent).
// LinkedIn answers 201 with an empty body; the post's URN is the x-restli-id header. LinkedIn takes no
// idempotency key and has no field for a caller's reference, so a read-back matches on author, text,
// content and time.

const errors = { mapError: mapLinkedInError };
const POLL_DURATIONS: Record<number, string> = { 1: "ONE_DAY", 3: "THREE_DAYS", 7: "SEVEN_DAYS", 14: "FOURTEEN_DAYS" };
const READ_BACK_WINDOW_MS = 24 * 3600 * 1000;
const READ_BACK_PAGE = 20;
const READ_BACK_PAGES = 5;

export const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

const paramsOf = (input: PublishInput) => input.params as LinkedInParams;

export const organizationIdOf = (input: {
  placement: PublishInput["placement"];
  params: Record<string, unknown>;
}): string | null => {
  const id = input.placement?.externalId ?? (input.params as Partial<LinkedInParams>).organization_id;
  return id ? id.replace(/^urn:li:organization:/, "") : null;
};

// The author URN: the organization posted to, else the member (stored at connection as person_urn).
export const authorOf = async (
  ctx: LinkedInCtx,
  input: Pick<PublishInput, "auth" | "placement" | "params">,
): Promise<string> => {
  const organization = organizationIdOf(input);
  if (organization) return `urn:li:organization:${organization}`;
  const stored = input.auth.metadata.person_urn;
  if (typeof stored === "string" && stored.startsWith("urn:li:person:")) return stored;
  if (input.auth.externalId) return `urn:li:person:${input.auth.externalId}`;
  return (await fetchMember(ctx, input.auth)).urn;
};

const fileTitle = (url: string) => {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    return name.length > 0 && /\.[a-z0-9]{2,5}$/i.test(name) ? name : "Document";
  } catch {
    return "Document";
  }
};

const altFor = (alt: LinkedInParams["alt_text"], index: number) => {
  const text = Array.isArray(alt) ? alt[index] : alt;
  return text ? { altText: text } : {};
};

const contentOf = async (
  ctx: LinkedInCtx,
  input: PublishInput,
  author: string,
): Promise<Record<string, unknown> | null> => {
  const params = paramsOf(input);
  if (params.format === "poll") {
    return {
      poll: {
        question: params.poll_question,
        options: (params.poll_options ?? []).map((text) => ({ text })),
        settings: { duration: POLL_DURATIONS[params.poll_duration_days ?? 7] ?? "SEVEN_DAYS" },
      },
    };
  }
  if (params.reshare_urn !== undefined || input.media.length === 0) return null;
  const urns: string[] = [];
  for (const media of input.media) urns.push(await uploadMedia(ctx, input.auth, author, media));
  if (urns.length > 1) return { multiImage: { images: urns.map((id, i) => ({ id, ...altFor(params.alt_text, i) })) } };
  const [media] = input.media;
  if (media!.kind === "document") return { media: { id: urns[0], title: fileTitle(media!.url) } };
  if (media!.kind === "video") return { media: { id: urns[0] } };
  return { media: { id: urns[0], ...altFor(params.alt_text, 0) } };
};

export const publish = async (ctx: LinkedInCtx, input: PublishInput): Promise<PublishResult> => {
  const params = paramsOf(input);
  const author = await authorOf(ctx, input);
  const targetEntities = author.startsWith("urn:li:organization:")
    ? await countryTargets(ctx, input.auth, params.countries)
    : [];
  const content = await contentOf(ctx, input, author);
  const post = {
    author,
    commentary: littleText(input.body),
    visibility: "PUBLIC",
    distribution: { feedDistribution: "MAIN_FEED", targetEntities, thirdPartyDistributionChannels: [] },
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
    ...(content && { content }),
    ...(params.format !== "poll" &&
      params.reshare_urn !== undefined && { reshareContext: { parent: params.reshare_urn } }),
  };
  const res = await ctx.fetch(at(ctx.settings.api_url, "/rest/posts"), {
    method: "POST",
    headers: { ...restHeaders(ctx, input.auth), "content-type": "application/json" },
    body: JSON.stringify(post),
  });
  await readJson(errors, res);
  const urn = res.headers.get("x-restli-id");
  if (!urn)
    throw new NetworkError("outcome_unknown", "LinkedIn accepted the post without returning its id (x-restli-id)");
  return { externalId: urn, url: postUrl(urn) };
};

type Post = {
  id?: string;
  commentary?: string;
  createdAt?: number;
  content?: { media?: { id?: string }; multiImage?: { images?: unknown[] }; poll?: { question?: string } };
  reshareContext?: { parent?: string };
};

const unescape = (text: string) => text.replace(/\\(.)/g, "$1");

const matches = (post: Post, input: PublishInput, since: number) => {
  const params = paramsOf(input);
  if ((post.createdAt ?? 0) < since) return false;
  const text = post.commentary ?? "";
  if (text !== littleText(input.body) && unescape(text) !== input.body) return false;
  if (params.format === "poll") return post.content?.poll?.question === params.poll_question;
  if (params.reshare_urn !== undefined) return post.reshareContext?.parent === params.reshare_urn;
  const count = post.content?.multiImage?.images?.length ?? (post.content?.media?.id ? 1 : 0);
  return count === input.media.length && !post.content?.poll;
};

// The author's newest posts (GET /rest/posts?q=author, newest first), within a day: the matching post, or
// null once the list is exhausted or older than the window. Reading a member's own posts needs
// r_member_social, which LinkedIn grants only to approved partners: a refusal means "cannot tell".
export const findPublished = async (ctx: LinkedInCtx, input: PublishInput): Promise<PublishResult | null> => {
  const author = await authorOf(ctx, input);
  const since = Date.now() - READ_BACK_WINDOW_MS;
  for (let page = 0; page < READ_BACK_PAGES; page++) {
    const start = page * READ_BACK_PAGE;
    const url = `${at(ctx.settings.api_url, "/rest/posts")}?author=${encodeURIComponent(author)}&q=author&count=${READ_BACK_PAGE}&start=${start}&sortBy=CREATED`;
    const res = await ctx.fetch(url, { headers: { ...restHeaders(ctx, input.auth), "x-restli-method": "FINDER" } });
    let body: { elements?: Post[] } | null;
    try {
      body = await readJson<{ elements?: Post[] }>(errors, res);
    } catch (err) {
      if (err instanceof NetworkError && err.kind === "rejected") {
        throw new NetworkError(
          "outcome_unknown",
          `LinkedIn does not let this profile read its posts back (${err.message})`,
          err.details,
        );
      }
      throw err;
    }
    const elements = body?.elements ?? [];
    const found = elements.find((post) => post.id && matches(post, input, since));
    if (found?.id) return { externalId: found.id, url: postUrl(found.id) };
    if (elements.length < READ_BACK_PAGE || elements.some((post) => (post.createdAt ?? 0) < since)) return null;
  }
  throw new NetworkError(
    "outcome_unknown",
    `LinkedIn lists more than ${READ_BACK_PAGE * READ_BACK_PAGES} posts by ${author} in the last day; the post could not be told apart`,
  );
};

// DELETE /rest/posts/{encoded URN} (the x-restli-id publish returned) with the versioned Rest.li headers;
// LinkedIn answers 204, and 204 again for a post already deleted. A 404 (no such post) also means gone.
export const deletePublished = async (
  ctx: LinkedInCtx,
  input: { auth: ProfileAuth; externalId: string },
): Promise<void> => {
  const res = await ctx.fetch(at(ctx.settings.api_url, `/rest/posts/${encodeURIComponent(input.externalId)}`), {
    method: "DELETE",
    headers: { ...restHeaders(ctx, input.auth), "x-restli-method": "DELETE" },
  });
  if (res.status === 404) return void (await res.body?.cancel());
  await readJson(errors, res);
};
