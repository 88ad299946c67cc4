import type { ProfileAuth } from "./auth";
import type { ConnectorContext } from "./context";
import type { PublishInput } from "./publishing";

// Management (optional capabilities): business listings (google_business locations), pages (facebook)
// and mention lookups (linkedin). Generic services (lib/services/listings) ask `connector.management?.x`
// and never name a network. Payloads are the network's own resources, unchanged in both directions.
// Failures are NetworkErrors or ManagementErrors (lib/networks/management.ts).

export type JsonObject = Record<string, unknown>;

// One placement the caller may manage (a location, a page), with the profile's auth and its own token.
export type ManagedPlacement = { auth: ProfileAuth; placement: NonNullable<PublishInput["placement"]> };
export type PageQuery = { pageSize?: number; pageToken?: string };
// A write in the `fields` pattern: the names replaced, and the values of those that are set (a name
// without a value is cleared).
export type FieldsWrite = { fields: string[]; values: JsonObject };

export type ListingManagement<TSettings> = {
  getLocation(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { readMask: string[] | null },
  ): Promise<JsonObject>;
  updateLocation(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  listCategories(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement &
      PageQuery & { regionCode: string; languageCode: string; filter?: string; view: "BASIC" | "FULL" },
  ): Promise<JsonObject>;
  updateHours(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  getAttributes(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<JsonObject>;
  listAvailableAttributes(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & PageQuery & { languageCode?: string },
  ): Promise<JsonObject>;
  updateAttributes(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { names: string[]; attributes: JsonObject[] },
  ): Promise<JsonObject>;
  getServiceList(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<JsonObject>;
  updateServiceList(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  getFoodMenus(ctx: ConnectorContext<TSettings>, input: ManagedPlacement): Promise<JsonObject>;
  updateFoodMenus(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & FieldsWrite): Promise<JsonObject>;
  listPlaceActionLinks(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & PageQuery & { filter?: string },
  ): Promise<JsonObject>;
  listPlaceActionTypes(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & PageQuery & { languageCode?: string },
  ): Promise<JsonObject>;
  createPlaceActionLink(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { link: JsonObject },
  ): Promise<JsonObject>;
  updatePlaceActionLink(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & FieldsWrite & { name: string },
  ): Promise<JsonObject>;
  deletePlaceActionLink(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { name: string }): Promise<void>;
  listMedia(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & PageQuery): Promise<JsonObject>;
  createMedia(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { item: JsonObject }): Promise<JsonObject>;
  deleteMedia(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { name: string }): Promise<void>;
};

export type PageManagement<TSettings> = {
  // The page's fields as the network names them; fields the page never set are absent.
  getPage(ctx: ConnectorContext<TSettings>, input: ManagedPlacement & { fields: string[] }): Promise<JsonObject>;
  // Writes the given fields (already validated by the API), then reads the page back.
  updatePage(
    ctx: ConnectorContext<TSettings>,
    input: ManagedPlacement & { values: JsonObject; fields: string[] },
  ): Promise<JsonObject>;
};

export type MentionLookup<TSettings> = {
  // A page URL or slug to {urn, name, …}; null when nothing by that name exists.
  resolveMention(
    ctx: ConnectorContext<TSettings>,
    input: { auth: ProfileAuth; query: string },
  ): Promise<JsonObject | null>;
};

export type Management<TSettings> = {
  listings?: ListingManagement<TSettings>;
  pages?: PageManagement<TSettings>;
  mentions?: MentionLookup<TSettings>;
};
