import { ZProfileParams } from "@/lib/schemas/profiles";
import { ZPage, ZPageQuery, ZUpdatePageBody } from "@/lib/schemas/pages";
import { ZErrorBody, ZValidationErrorBody } from "@/lib/schemas/common";
import { defineEndpoint } from "./define";
import { R400, R401, R404 } from "./responses";

// Facebook page management (with the errors table in each endpoint's responses).

const tag = "Facebook pages";
const ERRORS = {
  ...R400,
  ...R401,
  403: { description: "The page token lacks the permission (pages_manage_metadata) or task", schema: ZErrorBody },
  ...R404,
  422: {
    description:
      "Not a facebook profile, the connection needs re-authentication, or Facebook refused the values (with error_details)",
    schema: ZValidationErrorBody,
  },
  429: { description: "Facebook is rate limiting: retry after the Retry-After header", schema: ZErrorBody },
  502: { description: "Facebook did not accept the call", schema: ZErrorBody },
};

export const getFacebookPage = defineEndpoint({
  operationId: "getFacebookPage",
  method: "GET",
  path: "/api/profiles/{id}/facebook/page",
  tag,
  summary: "Get a page's fields",
  description:
    "`page_id` (required: 400 without it, 404 when the profile has no such page), `fields` (comma-separated; default id, name, username, link, category, fan_count, followers_count, about, description, general_info, company_overview, mission, products, founded, website, phone, emails, impressum, price_range). Fields the page never set are absent.",
  auth: "apiKey",
  params: ZProfileParams,
  query: ZPageQuery,
  responses: { 200: { description: "The page", schema: ZPage }, ...ERRORS },
});

export const updateFacebookPage = defineEndpoint({
  operationId: "updateFacebookPage",
  method: "PATCH",
  path: "/api/profiles/{id}/facebook/update_page",
  tag,
  summary: "Update a page's fields",
  description:
    "`page_id` (required) plus any of about (at most 255 characters), description, general_info, company_overview, mission, products, founded, website (space-separated when several, or an array), phone, emails (array), impressum, price_range ($, $$, $$$, $$$$, Unspecified). Omitted fields stay as they are; at least one is required (400). Answers the page read back.",
  auth: "apiKey",
  params: ZProfileParams,
  body: ZUpdatePageBody,
  idempotent: true,
  responses: { 200: { description: "The updated page", schema: ZPage }, ...ERRORS },
});
