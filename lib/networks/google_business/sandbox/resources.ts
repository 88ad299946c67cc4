import { googleError } from "@/lib/networks/google_business/resources";
import { SIM_RETRY_AFTER_SECONDS, type SimFailure, type SimReply as Reply } from "../../sandbox/management/wire";

// The sandbox's simulated Business Profile APIs take Google's request resources
// (lib/networks/google_business/resources.ts) and answer Google's errors.

export {
  badRequest,
  check,
  googleError,
  LOCATION_FIELD_NAMES,
  MEDIA_CATEGORIES,
  unknownParam,
} from "@/lib/networks/google_business/resources";
export const notFound = () => googleError(404, "NOT_FOUND", "Requested entity was not found.");
export const precondition = (message: string) => googleError(400, "FAILED_PRECONDITION", message);

const errorInfo = (reason: string) => ({
  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
  reason,
  domain: "googleapis.com",
});
// Google's answers to a tagged request (management/wire.ts): a token without the business.manage scope,
// the per-minute quota with a Retry-After, and the API being down.
export const googleFailure = (failure: SimFailure): Reply =>
  failure === "forbidden"
    ? googleError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", [
        errorInfo("ACCESS_TOKEN_SCOPE_INSUFFICIENT"),
      ])
    : failure === "rate_limited"
      ? {
          ...googleError(
            429,
            "RESOURCE_EXHAUSTED",
            "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.",
            [errorInfo("RATE_LIMIT_EXCEEDED")],
          ),
          headers: { "Retry-After": String(SIM_RETRY_AFTER_SECONDS) },
        }
      : googleError(503, "UNAVAILABLE", "The service is currently unavailable.");
