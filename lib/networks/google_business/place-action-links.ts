import { randomBytes } from "node:crypto";
import { actionTypesFor } from "./catalog";
import { primaryOf } from "./location-masks";
import { badRequest, googleError, type GoogleReply } from "./resources";

// Place Actions v1 links as Google keeps them (placeActionLinks create / patch): the link a create makes,
// what a patch's updateMask may name, and what Google refuses: a uri that is no http(s) URL, a type the
// location's category does not offer (FAILED_PRECONDITION), the same uri and type twice
// (ALREADY_EXISTS). One link per type is preferred. For the sandbox's simulated Google
// (sandbox/extras.ts) and the tests' Google fake alike.

type Json = Record<string, unknown>;

export const linkIssue = (location: Json, link: Json, others: Json[]): GoogleReply | null => {
  if (!/^https?:\/\//.test(String(link.uri ?? "")))
    return badRequest("place_action_link.uri", "A valid uri is required");
  if (!actionTypesFor(primaryOf(location)).some((t) => t.placeActionType === link.placeActionType))
    return googleError(
      400,
      "FAILED_PRECONDITION",
      `Place action type ${String(link.placeActionType)} is not available for this location.`,
    );
  if (others.some((o) => o.uri === link.uri && o.placeActionType === link.placeActionType))
    return googleError(409, "ALREADY_EXISTS", "Requested entity already exists");
  return null;
};

// The link a create makes under the location `parent` (locations/{l}).
export const newLink = (parent: string, body: Json): Json => {
  const now = new Date().toISOString();
  return {
    name: `${parent}/placeActionLinks/${randomBytes(6).toString("hex")}`,
    uri: body.uri,
    placeActionType: body.placeActionType,
    isPreferred: body.isPreferred === true,
    isEditable: true,
    providerType: "MERCHANT",
    createTime: now,
    updateTime: now,
  };
};

// A preferred link takes the preference from the other links of its type, in place.
export const preferOnly = (list: Json[], link: Json) => {
  if (link.isPreferred === true)
    for (const o of list) if (o !== link && o.placeActionType === link.placeActionType) o.isPreferred = false;
};

const MASKABLE: Record<string, string> = {
  uri: "uri",
  place_action_type: "placeActionType",
  placeActionType: "placeActionType",
  is_preferred: "isPreferred",
  isPreferred: "isPreferred",
};

// The link a patch would make of `link` (the masked fields taken from the body), or Google's refusal of
// the updateMask.
export const patchedLink = (
  link: Json,
  updateMask: string | null,
  body: Json,
): { next: Json } | { refused: GoogleReply } => {
  const mask = (updateMask ?? "").split(",").filter(Boolean);
  if (mask.length === 0 || mask.some((m) => !MASKABLE[m]))
    return {
      refused: badRequest("update_mask", "The only editable fields are uri, place_action_type and is_preferred"),
    };
  return { next: { ...link, ...Object.fromEntries(mask.map((m) => [MASKABLE[m]!, body[MASKABLE[m]!]])) } };
};
