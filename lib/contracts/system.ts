import { z } from "zod";
import { ZErrorBody } from "@/lib/schemas/common";
import { ZSetupOwnerBody } from "@/lib/schemas/setup";
import { defineEndpoint } from "./define";
import { R400, R422 } from "./responses";

export const getOpenApi = defineEndpoint({
  operationId: "getOpenApi",
  method: "GET",
  path: "/api/openapi.json",
  tag: "Meta",
  summary: "This OpenAPI document",
  auth: "none",
  responses: { 200: { description: "OpenAPI 3.1 document" } },
});

export const setupOwner = defineEndpoint({
  operationId: "setupOwner",
  method: "POST",
  path: "/api/setup",
  tag: "Admin (staff session)",
  summary: "First run: create the owner account",
  description:
    "Only while no staff user exists; afterwards 409. Needs `setup_token`, a one-time token printed by `npm start` and by `npm run cli -- setup token` (valid for an hour): a wrong, expired or used one is 422. Token guesses are throttled per client address: after 10 attempts without success, 429 with `Retry-After`.",
  auth: "none",
  body: ZSetupOwnerBody,
  responses: {
    201: { description: "Owner created", schema: z.object({ id: z.string(), email: z.string() }) },
    ...R400,
    409: { description: "Setup already complete" },
    ...R422,
    429: {
      description: "Too many setup attempts from this address: retry after the Retry-After header",
      schema: ZErrorBody,
    },
  },
});
