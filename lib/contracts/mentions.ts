import { ZResolveMentionQuery, ZResolvedMention } from "@/lib/schemas/mentions";
import { ZErrorBody, ZValidationErrorBody } from "@/lib/schemas/common";
import { ZProfileParams } from "@/lib/schemas/profiles";
import { defineEndpoint } from "./define";
import { R400, R401, R404 } from "./responses";

export const resolveMention = defineEndpoint({
  operationId: "resolveMention",
  method: "GET",
  path: "/api/profiles/{id}/resolve_mention",
  tag: "Profiles",
  summary: "Resolve a LinkedIn page to a mention",
  description:
    "linkedin: `url` (a company, showcase or school page URL such as https://www.linkedin.com/company/acme, a vanity name, a numeric id or an organization URN; 400 without it or when it is none of these) gives `{urn, name, id, type, vanity_name, url, mention}`; write `mention` (`@[Name](urn)`) in a post body. 404 when LinkedIn has no such page; 422 on other networks.",
  auth: "apiKey",
  params: ZProfileParams,
  query: ZResolveMentionQuery,
  responses: {
    200: { description: "The page", schema: ZResolvedMention },
    ...R400,
    ...R401,
    ...R404,
    422: {
      description: "Not a linkedin profile, or the connection needs re-authentication",
      schema: ZValidationErrorBody,
    },
    429: { description: "LinkedIn is rate limiting", schema: ZErrorBody },
    502: { description: "LinkedIn did not answer", schema: ZErrorBody },
  },
});
