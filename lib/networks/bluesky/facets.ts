import { xrpcQuery, type BlueskyCtx } from "./xrpc";

// Rich text: Bluesky does not parse post text; links, mentions and hashtags are clickable only through
// `facets`, each a UTF-8 byte range of the text (byteStart inclusive, byteEnd exclusive) with a feature:
//   - links: explicit http(s) URLs (bare domains are left as text: telling "example.com" from a sentence
//     needs the full TLD list), trailing punctuation and an unbalanced ")" excluded;
//   - mentions: @handle (a domain name), resolved to the account's DID with
//     com.atproto.identity.resolveHandle; a handle that does not resolve stays plain text;
//   - hashtags: #tag after a space or at the start, trailing punctuation excluded, not only digits, at most
//     64 characters.

export type Facet = {
  index: { byteStart: number; byteEnd: number };
  features: (
    | { $type: "app.bsky.richtext.facet#link"; uri: string }
    | { $type: "app.bsky.richtext.facet#mention"; did: string }
    | { $type: "app.bsky.richtext.facet#tag"; tag: string }
  )[];
};

type Span = { start: number; end: number }; // UTF-16 indexes into the text

const encoder = new TextEncoder();
const byteRange = (text: string, { start, end }: Span) => {
  const byteStart = encoder.encode(text.slice(0, start)).length;
  return { byteStart, byteEnd: byteStart + encoder.encode(text.slice(start, end)).length };
};

const LINK = /(^|[\s(])(https?:\/\/[^\s]+)/gi;
const MENTION = /(^|[\s(])@([a-zA-Z0-9.-]+)/g;
// The zero-width joiners and the combining mark are listed one by one on purpose (Bluesky's own tag pattern).
// eslint-disable-next-line no-misleading-character-class
const TAG = /(^|\s)[#＃]([^\s\u00AD\u2060\u200A\u200B\u200C\u200D\u20e2]+)/gu;
const TRAILING_PUNCTUATION = /\p{P}+$/u;
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

export const findLinks = (text: string): (Span & { uri: string })[] =>
  [...text.matchAll(LINK)].map((m) => {
    let uri = m[2]!;
    const unbalanced = (u: string) => u.endsWith(")") && u.split(")").length > u.split("(").length;
    while (/[.,;:!?'"]$/.test(uri) || unbalanced(uri)) uri = uri.slice(0, -1);
    const start = m.index + m[1]!.length;
    return { start, end: start + uri.length, uri };
  });

export const findMentions = (text: string): (Span & { handle: string })[] =>
  [...text.matchAll(MENTION)].flatMap((m) => {
    const handle = m[2]!.replace(/[.-]+$/, "");
    if (!HANDLE.test(handle) || handle.length > 253) return [];
    const start = m.index + m[1]!.length; // the "@"
    return [{ start, end: start + 1 + handle.length, handle: handle.toLowerCase() }];
  });

export const findTags = (text: string): (Span & { tag: string })[] =>
  [...text.matchAll(TAG)].flatMap((m) => {
    const tag = m[2]!.replace(TRAILING_PUNCTUATION, "");
    if (!tag || /^\d+$/.test(tag) || [...tag].length > 64) return [];
    const start = m.index + m[1]!.length; // the "#"
    return [{ start, end: start + 1 + tag.length, tag }];
  });

// Mention handles resolved to DIDs; handles the network does not know are left out.
const resolveHandles = async (ctx: BlueskyCtx, handles: string[]): Promise<Map<string, string>> => {
  const resolved = new Map<string, string>();
  for (const handle of new Set(handles)) {
    try {
      const { did } = await xrpcQuery<{ did: string }>(ctx, "com.atproto.identity.resolveHandle", { handle });
      if (typeof did === "string" && did.startsWith("did:")) resolved.set(handle, did);
    } catch {
      // unknown handle (or the lookup failed): the mention stays plain text, the post still goes out
    }
  }
  return resolved;
};

export const facetsFor = async (ctx: BlueskyCtx, text: string): Promise<Facet[]> => {
  const links = findLinks(text);
  const insideLink = (s: Span) => links.some((l) => s.start >= l.start && s.start < l.end);
  const mentions = findMentions(text).filter((m) => !insideLink(m));
  const tags = findTags(text).filter((t) => !insideLink(t));
  const dids =
    mentions.length > 0
      ? await resolveHandles(
          ctx,
          mentions.map((m) => m.handle),
        )
      : new Map<string, string>();
  const facets: (Facet & { start: number })[] = [
    ...links.map((l) => ({
      start: l.start,
      index: byteRange(text, l),
      features: [{ $type: "app.bsky.richtext.facet#link" as const, uri: l.uri }],
    })),
    ...mentions.flatMap((m) => {
      const did = dids.get(m.handle);
      return did
        ? [
            {
              start: m.start,
              index: byteRange(text, m),
              features: [{ $type: "app.bsky.richtext.facet#mention" as const, did }],
            },
          ]
        : [];
    }),
    ...tags.map((t) => ({
      start: t.start,
      index: byteRange(text, t),
      features: [{ $type: "app.bsky.richtext.facet#tag" as const, tag: t.tag }],
    })),
  ];
  return facets.sort((a, b) => a.start - b.start).map(({ index, features }) => ({ index, features }));
};
