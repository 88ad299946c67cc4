import { ZBadRequestBody, ZErrorBody, ZValidationErrorBody } from "@/lib/schemas/common";
import type { ResponseDoc } from "./define";

// Reusable documented error responses.
export const R401: Record<number, ResponseDoc> = {
  401: { description: "Missing, invalid or revoked API key", schema: ZErrorBody },
};
export const R404: Record<number, ResponseDoc> = {
  404: { description: "Not found (or not visible to this key)", schema: ZErrorBody },
};
export const R422: Record<number, ResponseDoc> = {
  422: { description: "Validation or permission error", schema: ZValidationErrorBody },
};
export const R400: Record<number, ResponseDoc> = { 400: { description: "Malformed request", schema: ZBadRequestBody } };
export const R409: Record<number, ResponseDoc> = {
  409: { description: "Idempotency-Key request still in progress", schema: ZErrorBody },
};
