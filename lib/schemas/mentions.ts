import { z } from "zod";

// GET /api/profiles/:id/resolve_mention (lib/contracts/mentions.ts).
export const ZResolveMentionQuery = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .describe("a company, showcase or school page URL, a vanity name (slug), a numeric id or an organization URN"),
  profile_group_id: z.string().optional(),
});

export const ZResolvedMention = z
  .object({
    urn: z.string().describe("urn:li:organization:…"),
    name: z.string(),
    id: z.string(),
    type: z.enum(["company", "showcase", "school"]),
    vanity_name: z.string().nullable(),
    url: z.string().nullable(),
    mention: z.string().describe("ready to paste into a post body: @[Name](urn)"),
  })
  .meta({ id: "ResolvedMention" });
