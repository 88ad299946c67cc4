import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ProfileAuth } from "../types";
import { mapLinkedInError } from "./errors";
import { at, bearer, type LinkedInCtx } from "./settings";

// `countries` targeting of organization posts: the Posts API targets Bing geo URNs
// (distribution.targetEntities[].geoLocations), not ISO codes, and LinkedIn publishes no code-to-URN
// table. Each code is looked up with the Geo Typeahead API (GET /v2/geoTypeahead?q=search, Rest.li 2.0)
// under its English name, and only an element whose displayText is exactly that country is taken (a
// query for "Georgia" also answers the US state). A code with no exact match fails the post rather than
// target the wrong place. Answers are cached for the life of the process.

const NAMES = new Intl.DisplayNames(["en"], { type: "region" });
// Where LinkedIn's display name differs from the CLDR English name.
const ALIASES: Record<string, string[]> = {
  HK: ["Hong Kong SAR", "Hong Kong"],
  TR: ["Türkiye", "Turkey"],
  CZ: ["Czechia", "Czech Republic"],
  KR: ["South Korea", "Korea"],
  RU: ["Russia", "Russian Federation"],
  VI: ["U.S. Virgin Islands", "US Virgin Islands", "Virgin Islands, U.S."],
  VG: ["British Virgin Islands", "Virgin Islands, British"],
  TW: ["Taiwan"],
};
const cache = new Map<string, string>();

const namesOf = (code: string) => [...new Set([NAMES.of(code) ?? code, ...(ALIASES[code] ?? [])])];

const geoUrnOf = async (ctx: LinkedInCtx, auth: ProfileAuth, code: string): Promise<string> => {
  const cached = cache.get(code);
  if (cached) return cached;
  const names = namesOf(code);
  const url = `${at(ctx.settings.api_url, "/v2/geoTypeahead")}?q=search&query=${encodeURIComponent(names[0]!)}&locale=(language:en,country:US)`;
  const res = await ctx.fetch(url, { headers: { authorization: bearer(auth), "x-restli-protocol-version": "2.0.0" } });
  const body = await readJson<{ elements?: { displayText?: string; entity?: string }[] }>(
    { mapError: mapLinkedInError },
    res,
  );
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const match = (body?.elements ?? []).find(
    (e) => e.entity?.startsWith("urn:li:geo:") && wanted.has((e.displayText ?? "").trim().toLowerCase()),
  );
  if (!match?.entity) {
    throw new NetworkError("rejected", `LinkedIn has no targetable location for country ${code} (${names[0]})`, {
      platformErrorCode: "GEO_NOT_FOUND",
      platformErrorSubcode: null,
      platformErrorMessage: `No geo location named ${names[0]}`,
    });
  }
  cache.set(code, match.entity);
  return match.entity;
};

// The `targetEntities` of an organization post for `countries` (empty: the whole feed).
export const countryTargets = async (ctx: LinkedInCtx, auth: ProfileAuth, countries: string[] | undefined) => {
  if (!countries || countries.length === 0) return [];
  const geoLocations: string[] = [];
  for (const code of countries) geoLocations.push(await geoUrnOf(ctx, auth, code));
  return [{ geoLocations }];
};
