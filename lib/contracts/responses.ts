import { ZBadRequestBody, ZErrorBody, ZValidationErrorBody } from "@/lib/schemas/common";
import type { Responses } from "./define";

// Reusable documented error responses.
export const R401 = {
  401: { description: "Missing, invalid or revoked API key", schema: ZErrorBody },
} satisfies Responses;
export const R404 = {
  404: { description: "Not found (or not visible to this key)", schema: ZErrorBody },
} satisfies Responses;
export const R422 = {
  422: { description: "Validation or permission error", schema: ZValidationErrorBody },
} satisfies Responses;
export const R400 = { 400: { description: "Malformed request", schema: ZBadRequestBody } } satisfies Responses;
export const R409 = {
  409: { description: "Idempotency-Key request still in progress", schema: ZErrorBody },
} satisfies Responses;
