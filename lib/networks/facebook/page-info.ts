import { z } from "zod";
import { NetworkError } from "../errors";
import { ManagementError, notReachable } from "../management";
import { PAGE_FIELDS } from "@/lib/schemas/pages";
import type { PageManagement } from "../types";
import { pageCall, pageOf, type Ctx } from "./page";
import type { FacebookSettings } from "./settings";

// Page management (API reference, tag "Facebook pages": lib/contracts/pages.ts) with the Page's own token:
//  - read:  GET /{page-id}?fields=… (the spec's field set by default); fields the Page never set are
//    absent, as Graph leaves them out
//  - write: POST /{page-id} with the changed fields as form parameters (`emails` as a JSON array), then
//    the page is read back with the fields written plus id and name
// Graph's errors become the spec's statuses: 10 and 200-299 (missing permission or task) -> forbidden
// (403); 100 with subcode 33 (the page does not exist or the token cannot see it) -> not found; 190
// (token) -> re-authentication; rate limits -> 429 with the wait Meta's usage headers give; transient
// failures -> 502 (generic mapping in lib/services/listings/managed.ts); any other refusal -> 422 with
// Graph's code, subcode and message.

const ZPage = z.record(z.string(), z.unknown());

const isPermission = (code: number) => code === 10 || (code >= 200 && code <= 299);

const managementFailure = (err: unknown): unknown => {
  if (!(err instanceof NetworkError) || err.kind !== "rejected") return err;
  const code = Number(err.details.platformErrorCode);
  const subcode = Number(err.details.platformErrorSubcode);
  if (isPermission(code))
    return new ManagementError(
      "forbidden",
      [`${err.message} (the Page token lacks the permission or task)`],
      err.details,
    );
  if (code === 100 && subcode === 33) return notReachable("Page", err.details);
  return new ManagementError("unprocessable", [err.message], err.details);
};

const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    throw managementFailure(err);
  }
};

const formOf = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));

export const facebookPages: PageManagement<FacebookSettings> = {
  getPage: (ctx: Ctx, { placement, fields }) =>
    guarded(() => {
      const page = pageOf(placement);
      return pageCall(ctx, page, page.id, ZPage, {
        query: { fields: (fields.length ? fields : PAGE_FIELDS).join(",") },
      });
    }),

  updatePage: (ctx: Ctx, { placement, values, fields }) =>
    guarded(async () => {
      const page = pageOf(placement);
      await pageCall(ctx, page, page.id, z.object({ success: z.boolean() }).loose(), { form: formOf(values) });
      return pageCall(ctx, page, page.id, ZPage, {
        query: { fields: [...new Set(["id", "name", ...fields])].join(",") },
      });
    }),
};
