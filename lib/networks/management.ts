import type { PlatformErrorDetails } from "./errors";

// What management calls (listings, pages, mentions) report besides the NetworkError kinds: outcomes the
// API answers with a specific status. Connectors throw them; lib/services/listings renders them.
//  - invalid: the request itself is malformed (400), e.g. a read mask naming no field of the resource
//  - not_found: the placement or the item is not reachable through this connection (404)
//  - forbidden: the connection lacks the permission for this write (403)
//  - unprocessable: the placement cannot have this (a gate such as canHaveFoodMenus, named in the
//    message), or the network refused the values (422, with the network's error details)
export type ManagementErrorKind = "invalid" | "not_found" | "forbidden" | "unprocessable";

export class ManagementError extends Error {
  constructor(
    readonly kind: ManagementErrorKind,
    readonly messages: string[],
    readonly details: PlatformErrorDetails | null = null,
  ) {
    super(messages.join("; "));
    this.name = "ManagementError";
  }
}

export const unprocessableBy = (...messages: string[]) => new ManagementError("unprocessable", messages);
export const invalidRequest = (message: string) => new ManagementError("invalid", [message]);
export const notReachable = (what: string, details: PlatformErrorDetails | null = null) =>
  new ManagementError("not_found", [`${what} not found`], details);
