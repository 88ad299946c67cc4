import { z } from "zod";
import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { twitterPostRules } from "./post-rules";

// The account's own X developer app (optional): both keys or neither.
const ZKeys = z
  .object({ client_id: z.string().trim(), client_secret: z.string().trim() })
  .superRefine(({ client_id, client_secret }, ctx) => {
    if (client_id && !client_secret)
      ctx.addIssue({
        code: "custom",
        path: ["client_secret"],
        message: "Enter the client secret too, or leave both keys empty",
      });
    if (client_secret && !client_id)
      ctx.addIssue({
        code: "custom",
        path: ["client_id"],
        message: "Enter the client ID too, or leave both keys empty",
      });
  });

export const twitterMeta: NetworkMeta = {
  platform: "twitter",
  displayName: "X (Twitter)",
  mark: { label: "X", className: "bg-black" },
  capabilities: capabilities({ chains: true }),
  connectForm: {
    method: "oauth",
    intro:
      "You will be sent to X to approve access. Accounts can use their own X developer app instead of this server's.",
    fields: [
      {
        kind: "text",
        name: "client_id",
        label: "Client ID (optional)",
        placeholder: "From your X developer app",
        autoComplete: "off",
      },
      {
        kind: "text",
        name: "client_secret",
        label: "Client secret (optional)",
        type: "password",
        hint: "Leave both empty to use the app configured on this server.",
        autoComplete: "off",
      },
    ],
    schema: z.record(z.string(), z.string()).pipe(ZKeys),
  },
  postRules: twitterPostRules as PostRules<unknown>,
  composerFields: [
    {
      key: "poll_options",
      label: "Poll options",
      kind: "list",
      hint: "2 to 4 options, 25 characters each",
      formats: ["poll"],
    },
    {
      key: "poll_duration_minutes",
      label: "Poll duration (minutes)",
      kind: "number",
      hint: "5 to 10080; 1 day when empty",
      formats: ["poll"],
    },
  ],
};
