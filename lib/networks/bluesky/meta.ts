import { z } from "zod";
import { capabilities, type NetworkMeta } from "../meta-types";
import type { PostRules } from "../post-rules";
import { blueskyPostRules } from "./post-rules";

const credentialFields = z.object({
  identifier: z
    .string({ error: "identifier is required (handle, DID or email)" })
    .trim()
    .min(1, "identifier can't be blank"),
  app_password: z.string({ error: "app_password is required" }).trim().min(1, "app_password can't be blank"),
});

export const blueskyMeta: NetworkMeta = {
  platform: "bluesky",
  displayName: "Bluesky",
  mark: { label: "B", className: "bg-[#1185FE]" },
  capabilities: capabilities({ chains: true, messaging: true }),
  credentialFields,
  sampleCredentials: { identifier: "sandbox.bsky.social", app_password: "abcd-efgh-ijkl-mnop" },
  connectForm: {
    method: "credentials",
    intro: "Bluesky accounts connect with an app password, never the account password.",
    fields: [
      {
        kind: "text",
        name: "identifier",
        label: "Handle or email",
        placeholder: "acme.bsky.social",
        autoComplete: "username",
      },
      {
        kind: "text",
        name: "app_password",
        label: "App password",
        type: "password",
        placeholder: "xxxx-xxxx-xxxx-xxxx",
        hint: "Create one in Bluesky under Settings → Privacy and security → App passwords.",
        autoComplete: "off",
      },
    ],
    // The server's own field schema: typed for request bodies, here it only parses the form's strings.
    schema: credentialFields as z.ZodType<Record<string, string>, Record<string, string>>,
  },
  postRules: blueskyPostRules as PostRules<unknown>,
};
