import {
  DAYS,
  phonesOf,
  placesOf,
  SERVICE_BUSINESS_TYPES,
  type TDay,
  type THoursForm,
  type TLocationDetailsForm,
  type TMoreHoursForm,
} from "@/lib/schemas/listing-forms";
import type { FieldSpec } from "./diff";

// Google's Location (Business Information v1) to the editor's forms and back. The "before" side of a
// diff is the loaded location taken through the same round trip, so a value Google spells differently
// (08:00 as {hours: 8}) never shows as a change; nested objects keep the parts the form does not edit.

type Json = Record<string, unknown>;
type Category = { name: string; displayName: string };
const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const categoryOf = (v: unknown): Category | null =>
  str(obj(v).name) ? { name: str(obj(v).name), displayName: str(obj(v).displayName) || str(obj(v).name) } : null;

export const detailsFormOf = (location: Json): TLocationDetailsForm => {
  const phones = obj(location.phoneNumbers);
  const categories = obj(location.categories);
  const address = obj(location.storefrontAddress);
  const area = obj(location.serviceArea);
  const businessType = SERVICE_BUSINESS_TYPES.find((t) => t === area.businessType) ?? "";
  return {
    title: str(location.title),
    primaryPhone: str(phones.primaryPhone),
    additionalPhones: (Array.isArray(phones.additionalPhones) ? phones.additionalPhones.map(str) : []).join(", "),
    websiteUri: str(location.websiteUri),
    description: str(obj(location.profile).description),
    primaryCategory: categoryOf(categories.primaryCategory),
    additionalCategories: list(categories.additionalCategories)
      .map(categoryOf)
      .filter((c): c is Category => c !== null),
    addressLines: (Array.isArray(address.addressLines) ? address.addressLines.map(str) : []).join("\n"),
    locality: str(address.locality),
    administrativeArea: str(address.administrativeArea),
    postalCode: str(address.postalCode),
    regionCode: str(address.regionCode),
    serviceBusinessType: businessType,
    servicePlaces: list(obj(area.places).placeInfos)
      .map((p) => `${str(p.placeName)} | ${str(p.placeId)}`)
      .join("\n"),
  };
};

export type DetailFields = {
  title: string;
  phoneNumbers: Json;
  websiteUri: string;
  profile: Json;
  categories: Json;
  storefrontAddress: Json;
  serviceArea: Json;
};

// ServiceAreaBusiness: the business type and the places (kept with their place ids); the region is the
// area's own, else the address's. No business type: no service area.
const serviceAreaOf = (form: TLocationDetailsForm, location: Json): Json => {
  if (!form.serviceBusinessType) return {};
  const area = obj(location.serviceArea);
  const places = placesOf(form.servicePlaces);
  return {
    ...area,
    businessType: form.serviceBusinessType,
    regionCode: str(area.regionCode) || form.regionCode.trim(),
    places: places.length > 0 ? { placeInfos: places } : undefined,
  };
};

export const detailFieldsOf = (form: TLocationDetailsForm, location: Json): DetailFields => ({
  title: form.title.trim(),
  phoneNumbers: { primaryPhone: form.primaryPhone.trim(), additionalPhones: phonesOf(form.additionalPhones) },
  websiteUri: form.websiteUri.trim(),
  profile: { ...obj(location.profile), description: form.description.trim() },
  categories: { primaryCategory: form.primaryCategory ?? undefined, additionalCategories: form.additionalCategories },
  storefrontAddress: {
    ...obj(location.storefrontAddress),
    addressLines: form.addressLines
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    locality: form.locality.trim(),
    administrativeArea: form.administrativeArea.trim(),
    postalCode: form.postalCode.trim(),
    regionCode: form.regionCode.trim(),
  },
  serviceArea: serviceAreaOf(form, location),
});

const categoryNames = (c: Json) =>
  [categoryOf(c.primaryCategory), ...list(c.additionalCategories).map(categoryOf)]
    .filter(Boolean)
    .map((x) => x!.displayName)
    .join(", ");
const addressText = (a: Json) =>
  [
    ...(Array.isArray(a.addressLines) ? a.addressLines.map(str) : []),
    [str(a.postalCode), str(a.locality)].filter(Boolean).join(" "),
    str(a.administrativeArea),
    str(a.regionCode),
  ]
    .filter(Boolean)
    .join(", ");

const BUSINESS_TYPES: Record<string, string> = {
  CUSTOMER_LOCATION_ONLY: "Only at the customer's",
  CUSTOMER_AND_BUSINESS_LOCATION: "At the address and the customer's",
};
const areaText = (a: Json) =>
  [
    BUSINESS_TYPES[str(a.businessType)] ?? str(a.businessType),
    ...list(obj(a.places).placeInfos).map((p) => str(p.placeName)),
  ]
    .filter(Boolean)
    .join("\n");

export const DETAIL_SPECS: { [K in keyof DetailFields]: FieldSpec<DetailFields[K]> } = {
  title: { label: "Business name" },
  categories: { label: "Categories", format: categoryNames },
  phoneNumbers: {
    label: "Phone numbers",
    format: (p) =>
      [str(p.primaryPhone), ...(Array.isArray(p.additionalPhones) ? p.additionalPhones.map(str) : [])]
        .filter(Boolean)
        .join(", "),
  },
  websiteUri: { label: "Website" },
  profile: { label: "Description", format: (p) => str(p.description) },
  storefrontAddress: { label: "Address", format: addressText },
  serviceArea: { label: "Service area", format: areaText },
};

// Hours: "HH:MM" in the form, TimeOfDay ({hours, minutes}, zeros left out as Google does) in the API.
const timeOf = (v: unknown) => {
  const t = obj(v);
  const hours = Number(t.hours ?? 0) % 24;
  return `${String(hours).padStart(2, "0")}:${String(Number(t.minutes ?? 0)).padStart(2, "0")}`;
};
const timeOfDay = (hhmm: string, isClose = false) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const hours = isClose && h === 0 && m === 0 ? 24 : h; // closing at midnight
  return { ...(hours > 0 && { hours }), ...(m > 0 && { minutes: m }) };
};
const nextDay = (day: TDay) => DAYS[(DAYS.indexOf(day) + 1) % 7]!;
const dateOf = (v: unknown) => {
  const d = obj(v);
  return `${String(d.year ?? "").padStart(4, "0")}-${String(d.month ?? "").padStart(2, "0")}-${String(d.day ?? "").padStart(2, "0")}`;
};
const dateValue = (text: string) => {
  const [year, month, day] = text.split("-").map(Number);
  return { year, month, day };
};

export const hoursFormOf = (location: Json): THoursForm => ({
  periods: list(obj(location.regularHours).periods)
    .filter((p) => DAYS.includes(p.openDay as TDay))
    .map((p) => ({ day: p.openDay as TDay, opens: timeOf(p.openTime), closes: timeOf(p.closeTime) })),
  special: list(obj(location.specialHours).specialHourPeriods).map((s) => ({
    date: dateOf(s.startDate),
    closed: s.closed === true,
    opens: s.closed === true ? "" : timeOf(s.openTime),
    closes: s.closed === true ? "" : timeOf(s.closeTime),
  })),
});

export type HourFields = { regularHours: Json; specialHours: Json };

export const hourFieldsOf = (form: THoursForm): HourFields => ({
  regularHours: {
    periods: [...form.periods]
      .sort((a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day) || a.opens.localeCompare(b.opens))
      .map((p) => ({
        openDay: p.day,
        openTime: timeOfDay(p.opens),
        closeDay: p.closes !== "00:00" && p.closes <= p.opens ? nextDay(p.day) : p.day,
        closeTime: timeOfDay(p.closes, true),
      })),
  },
  specialHours: {
    specialHourPeriods: [...form.special]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((s) =>
        s.closed
          ? { startDate: dateValue(s.date), endDate: dateValue(s.date), closed: true }
          : {
              startDate: dateValue(s.date),
              endDate: dateValue(s.date),
              openTime: timeOfDay(s.opens),
              closeTime: timeOfDay(s.closes, true),
            },
      ),
  },
});

const dayName = (d: unknown) => str(d).charAt(0) + str(d).slice(1, 3).toLowerCase();
export const HOUR_SPECS: { [K in keyof HourFields]: FieldSpec<HourFields[K]> } = {
  regularHours: {
    label: "Opening hours",
    format: (h) =>
      list(h.periods)
        .map((p) => `${dayName(p.openDay)} ${timeOf(p.openTime)}–${timeOf(p.closeTime)}`)
        .join("\n"),
  },
  specialHours: {
    label: "Special hours",
    format: (h) =>
      list(h.specialHourPeriods)
        .map(
          (s) =>
            `${dateOf(s.startDate)} ${s.closed === true ? "closed" : `${timeOf(s.openTime)}–${timeOf(s.closeTime)}`}`,
        )
        .join("\n"),
  },
};

// More hours: one row per type, day and range in the form; Google's MoreHours (periods per hoursTypeId)
// in the API, types in the order they first appear.
export const moreHoursFormOf = (location: Json): TMoreHoursForm => ({
  rows: list(location.moreHours).flatMap((h) =>
    list(h.periods)
      .filter((p) => DAYS.includes(p.openDay as TDay))
      .map((p) => ({
        type: str(h.hoursTypeId),
        day: p.openDay as TDay,
        opens: timeOf(p.openTime),
        closes: timeOf(p.closeTime),
      })),
  ),
});

export type MoreHourFields = { moreHours: Json[] };

export const moreHourFieldsOf = (form: TMoreHoursForm): MoreHourFields => {
  const types = [...new Set(form.rows.map((r) => r.type))];
  return {
    moreHours: types.map((hoursTypeId) => ({
      hoursTypeId,
      periods: list(
        hourFieldsOf({ periods: form.rows.filter((r) => r.type === hoursTypeId), special: [] }).regularHours.periods,
      ),
    })),
  };
};

export const moreHourSpecs = (
  names: Record<string, string>,
): { [K in keyof MoreHourFields]: FieldSpec<MoreHourFields[K]> } => ({
  moreHours: {
    label: "More hours",
    format: (hours) =>
      hours
        .flatMap((h) =>
          list(h.periods).map(
            (p) =>
              `${names[str(h.hoursTypeId)] ?? str(h.hoursTypeId)}: ${dayName(p.openDay)} ${timeOf(p.openTime)}–${timeOf(p.closeTime)}`,
          ),
        )
        .join("\n"),
  },
});
