import { z } from "zod";
import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { telegramPostRules } from "./post-rules";

const credentialFields = z.object({
  bot_token: z
    .string({ error: "bot_token is required" })
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "bot_token must look like 123456:ABC-DEF… (from @BotFather)"),
});

export const telegramMeta: NetworkMeta = {
  platform: "telegram",
  displayName: "Telegram",
  mark: { label: "T", className: "bg-[#26A5E4]" },
  capabilities: capabilities({ placements: true, placementsRequired: true, messaging: true }),
  credentialFields,
  sampleCredentials: { bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcd" },
  connectForm: {
    method: "credentials",
    intro: "Telegram connects a bot; the channels it administers become this profile's placements.",
    fields: [
      {
        kind: "text",
        name: "bot_token",
        label: "Bot token",
        type: "password",
        placeholder: "123456:ABC-DEF…",
        hint: "Create a bot with @BotFather and paste the token it gives you.",
        autoComplete: "off",
      },
    ],
    // The server's own field schema: typed for request bodies, here it only parses the form's strings.
    schema: credentialFields as z.ZodType<Record<string, string>, Record<string, string>>,
  },
  placement: { param: "chat_id", label: "Chat" },
  postRules: telegramPostRules as PostRules<unknown>,
  composerFields: [
    {
      key: "parse_mode",
      label: "Parse mode",
      kind: "select",
      options: ["HTML", "MarkdownV2"],
      hint: "How Telegram formats the text",
    },
    { key: "disable_notification", label: "Send silently", kind: "checkbox" },
  ],
  stats: { perPlacement: true },
};
