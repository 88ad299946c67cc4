import { z } from "zod";
import { NetworkError } from "../errors";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import type { ConnectorContext, IceBreaker, Messaging, ProfileAuth } from "../types";
import { instagramApi, type InstagramSettings } from "./settings";

// Ice breakers (Instagram API with Instagram Login, messenger_profile): the questions someone opening a
// conversation can tap, at most 4, one default-locale set. POST /{ig-id}/messenger_profile with
// platform=instagram replaces the set; GET ?fields=ice_breakers reads it; DELETE with
// fields=["ice_breakers"] removes it.

type Ctx = ConnectorContext<InstagramSettings>;
const ZResult = z.object({ result: z.string() }).loose();
const ZCallToAction = z.object({ question: z.string(), payload: z.string() }).loose();
const ZRead = z
  .object({
    data: z.array(
      z
        .object({
          ice_breakers: z
            .array(z.object({ call_to_actions: z.array(ZCallToAction), locale: z.string().optional() }).loose())
            .optional(),
        })
        .loose(),
    ),
  })
  .loose();

const profileUrl = (ctx: Ctx, auth: ProfileAuth) => {
  if (!auth.externalId)
    throw new NetworkError("rejected", "The Instagram account of the profile is unknown; reconnect it");
  return graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${auth.externalId}/messenger_profile`);
};

export const instagramIceBreakers: NonNullable<Messaging<InstagramSettings>["iceBreakers"]> = {
  max: 4,
  list: async (ctx, auth) => {
    const read = await graphRequest(
      ctx,
      instagramApi,
      {
        url: profileUrl(ctx, auth),
        query: { fields: "ice_breakers", platform: "instagram" },
        token: requireToken(auth),
      },
      ZRead,
    );
    const entry = read.data[0]?.ice_breakers?.find((i) => !i.locale || i.locale === "default");
    return (entry?.call_to_actions ?? []).map((a): IceBreaker => ({ question: a.question, payload: a.payload }));
  },
  replace: async (ctx, auth, items) => {
    await graphRequest(
      ctx,
      instagramApi,
      {
        url: profileUrl(ctx, auth),
        method: "POST",
        form: {
          platform: "instagram",
          ice_breakers: JSON.stringify([{ call_to_actions: items, locale: "default" }]),
        },
        token: requireToken(auth),
      },
      ZResult,
    );
  },
  clear: async (ctx, auth) => {
    await graphRequest(
      ctx,
      instagramApi,
      {
        url: profileUrl(ctx, auth),
        method: "DELETE",
        query: { fields: JSON.stringify(["ice_breakers"]), platform: "instagram" },
        token: requireToken(auth),
      },
      ZResult,
    );
  },
};
