import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ProfileAuth } from "../types";
import { mapLinkedInError } from "./errors";
import { at, bearer, type LinkedInCtx } from "./settings";

type UserInfo = {
  sub?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
};

// OpenID Connect userinfo (unversioned, /v2): `sub` is the member's person id.
export const fetchMember = async (ctx: LinkedInCtx, auth: ProfileAuth) => {
  const res = await ctx.fetch(at(ctx.settings.api_url, "/v2/userinfo"), { headers: { authorization: bearer(auth) } });
  const member = await readJson<UserInfo>({ mapError: mapLinkedInError }, res);
  if (!member?.sub) throw new NetworkError("rejected", "LinkedIn returned no member for this token");
  const name = member.name || [member.given_name, member.family_name].filter(Boolean).join(" ") || "LinkedIn member";
  return {
    id: member.sub,
    urn: `urn:li:person:${member.sub}`,
    name,
    picture: member.picture || null,
    email: member.email || null,
  };
};
