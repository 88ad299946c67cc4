import { describe, expect, it } from "vitest";
import { changesOf } from "./diff";
import { DETAIL_SPECS, detailFieldsOf, detailsFormOf, HOUR_SPECS, hourFieldsOf, hoursFormOf } from "./location-model";

const location = {
  title: "Acme",
  phoneNumbers: { primaryPhone: "+1 555", additionalPhones: ["+1 556"] },
  categories: { primaryCategory: { name: "categories/gcid:cafe", displayName: "Cafe" } },
  storefrontAddress: { regionCode: "US", addressLines: ["1 Main St"], locality: "Springfield", sublocality: "Downtown" },
  regularHours: { periods: [{ openDay: "MONDAY", openTime: { hours: 8 }, closeDay: "MONDAY", closeTime: { hours: 17, minutes: 30 } }] },
};

describe("the listing editor's model of a location", () => {
  it("an untouched form changes nothing; an edited one changes only its field and keeps what the form does not show", () => {
    const form = detailsFormOf(location);
    expect(changesOf(detailFieldsOf(form, location), detailFieldsOf(form, location), DETAIL_SPECS)).toEqual([]);
    const edited = detailFieldsOf({ ...form, locality: "Shelbyville" }, location);
    expect(changesOf(detailFieldsOf(form, location), edited, DETAIL_SPECS).map((c) => [c.field, c.after])).toEqual([["storefrontAddress", "1 Main St, Shelbyville, US"]]);
    expect(edited.storefrontAddress).toMatchObject({ sublocality: "Downtown", locality: "Shelbyville" });
  });

  it("hours: Google's TimeOfDay round-trips; closing at midnight is 24:00; closing after midnight ends the next day", () => {
    const form = hoursFormOf(location);
    expect(form.periods).toEqual([{ day: "MONDAY", opens: "08:00", closes: "17:30" }]);
    expect(hourFieldsOf(form).regularHours).toEqual(location.regularHours);
    const late = hourFieldsOf({ periods: [{ day: "SUNDAY", opens: "18:00", closes: "00:00" }, { day: "FRIDAY", opens: "20:00", closes: "02:00" }], special: [] });
    expect(late.regularHours.periods).toEqual([
      { openDay: "FRIDAY", openTime: { hours: 20 }, closeDay: "SATURDAY", closeTime: { hours: 2 } },
      { openDay: "SUNDAY", openTime: { hours: 18 }, closeDay: "SUNDAY", closeTime: { hours: 24 } },
    ]);
    const special = hourFieldsOf({ periods: form.periods, special: [{ date: "2026-12-24", closed: false, opens: "09:00", closes: "12:00" }] });
    expect(changesOf(hourFieldsOf(form), special, HOUR_SPECS).map((c) => c.after)).toEqual(["2026-12-24 09:00–12:00"]);
  });
});
