import "server-only";
import { badRequest } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import { ABOUT_MAX, PAGE_UPDATABLE, type TUpdatePageBody } from "@/lib/schemas/pages";
import { withManaged } from "./managed";

// GET /api/profiles/:id/facebook/page and PATCH …/facebook/update_page: the profile's page management
// (connector.management.pages) for the page named by `page_id`. Omitted fields stay as they are; at
// least one is required (400), `about` is at most 255 characters (400); the answer is the page read back.

type Call = { principal: Principal; profileId: string; pageId: string | undefined };

export const getPage = ({ principal, profileId, pageId }: Call, fields: string[] | undefined) =>
  withManaged({
    principal,
    profileId,
    kind: "pages",
    placementParam: "page_id",
    placementId: pageId,
    run: (pages, ctx, target) => pages.getPage(ctx, { ...target, fields: fields ?? [] }),
  });

export const updatePage = ({ principal, profileId, pageId }: Call, body: TUpdatePageBody) =>
  withManaged({
    principal,
    profileId,
    kind: "pages",
    placementParam: "page_id",
    placementId: pageId,
    run: (pages, ctx, target) => {
      const values = Object.fromEntries(PAGE_UPDATABLE.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
      const fields = Object.keys(values);
      if (fields.length === 0)
        throw badRequest(`No updatable field: send at least one of ${PAGE_UPDATABLE.join(", ")}`);
      if (typeof values.about === "string" && [...values.about].length > ABOUT_MAX)
        throw badRequest(`about is ${[...values.about].length} characters; at most ${ABOUT_MAX}`);
      return pages.updatePage(ctx, { ...target, values, fields });
    },
  });
