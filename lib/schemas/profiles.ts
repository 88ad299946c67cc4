import { z } from "zod";
import { ZPlatform, zId, zIdParams } from "./common";
import { ZProfileStatsSummary } from "./stats";

export const ZProfileParams = zIdParams("prof");

export const ZListProfilesQuery = z.object({ profile_group_id: zId("grp").optional().catch(undefined) });

export const ZProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    platform: ZPlatform,
    status: z.enum(["active", "disconnected"]),
    profile_group_id: z.string(),
    expires_at: z.iso.datetime().nullable(),
    post_count: z.int(),
    avatar_url: z.string().nullable(),
    username: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Profile" });
export type TProfile = z.infer<typeof ZProfile>;

// GET /api/profiles/:id only: the profile plus its latest stat snapshots (lib/contracts/profiles.ts).
export const ZProfileDetail = ZProfile.extend(ZProfileStatsSummary.shape).meta({ id: "ProfileDetail" });
export type TProfileDetail = z.infer<typeof ZProfileDetail>;

export const ZPlacement = z
  .object({
    id: z.string().nullable(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Placement" });
export type TPlacement = z.infer<typeof ZPlacement>;

// Loose: each network adds its own fields (bluesky identifier/app_password, telegram bot_token,
// whatsapp onboarding/refresh_connection, twitter client_id/client_secret); the service validates them
// with the network's own schema. `platform` and `redirect_url` are checked there too, for the spec's
// exact messages ("Missing platform", "Missing redirect_url").
export const ZInitializeConnectionBody = z.looseObject({
  platform: z.string({ error: "platform must be a string" }).optional(),
  redirect_url: z.string({ error: "redirect_url must be a string" }).optional(),
});
export type TInitializeConnectionBody = z.infer<typeof ZInitializeConnectionBody>;

export const ZInitializeConnectionResponse = z
  .object({
    success: z.boolean(),
    url: z.string().optional().describe("OAuth networks: where to send the user"),
    profile: z
      .object({ id: z.string(), network: ZPlatform, name: z.string(), external_username: z.string().nullable() })
      .optional()
      .describe("form-connected networks (bluesky, telegram): the connected profile"),
    next_step: z.string().optional(),
  })
  .meta({ id: "InitializeConnectionResponse" });
