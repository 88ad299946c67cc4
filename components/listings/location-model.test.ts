import { describe, expect, it } from "vitest";
import { changesOf } from "./diff";
import {
  DETAIL_SPECS,
  detailFieldsOf,
  detailsFormOf,
  HOUR_SPECS,
  hourFieldsOf,
  hoursFormOf,
  moreHourFieldsOf,
  moreHoursFormOf,
  moreHourSpecs,
} from "./location-model";

const location = {
  title: "Acme",
  phoneNumbers: { primaryPhone: "+1 555", additionalPhones: ["+1 556"] },
  categories: { primaryCategory: { name: "categories/gcid:cafe", displayName: "Cafe" } },
  storefrontAddress: {
    regionCode: "US",
    addressLines: ["1 Main St"],
    locality: "Springfield",
    sublocality: "Downtown",
  },
  regularHours: {
    periods: [{ openDay: "MONDAY", openTime: { hours: 8 }, closeDay: "MONDAY", closeTime: { hours: 17, minutes: 30 } }],
  },
};

describe("the listing editor's model of a location", () => {
  it("an untouched form changes nothing; an edited one changes only its field and keeps what the form does not show", () => {
    const form = detailsFormOf(location);
    expect(changesOf(detailFieldsOf(form, location), detailFieldsOf(form, location), DETAIL_SPECS)).toEqual([]);
    const edited = detailFieldsOf({ ...form, locality: "Shelbyville" }, location);
    expect(changesOf(detailFieldsOf(form, location), edited, DETAIL_SPECS).map((c) => [c.field, c.after])).toEqual([
      ["storefrontAddress", "1 Main St, Shelbyville, US"],
    ]);
    expect(edited.storefrontAddress).toMatchObject({ sublocality: "Downtown", locality: "Shelbyville" });
  });

  it("hours: Google's TimeOfDay round-trips; closing at midnight is 24:00; closing after midnight ends the next day", () => {
    const form = hoursFormOf(location);
    expect(form.periods).toEqual([{ day: "MONDAY", opens: "08:00", closes: "17:30" }]);
    expect(hourFieldsOf(form).regularHours).toEqual(location.regularHours);
    const late = hourFieldsOf({
      periods: [
        { day: "SUNDAY", opens: "18:00", closes: "00:00" },
        { day: "FRIDAY", opens: "20:00", closes: "02:00" },
      ],
      special: [],
    });
    expect(late.regularHours.periods).toEqual([
      { openDay: "FRIDAY", openTime: { hours: 20 }, closeDay: "SATURDAY", closeTime: { hours: 2 } },
      { openDay: "SUNDAY", openTime: { hours: 18 }, closeDay: "SUNDAY", closeTime: { hours: 24 } },
    ]);
    const special = hourFieldsOf({
      periods: form.periods,
      special: [{ date: "2026-12-24", closed: false, opens: "09:00", closes: "12:00" }],
    });
    expect(changesOf(hourFieldsOf(form), special, HOUR_SPECS).map((c) => c.after)).toEqual(["2026-12-24 09:00–12:00"]);
  });

  it("service area: business type and places (name | place id) round-trip; no business type clears it", () => {
    const area = {
      businessType: "CUSTOMER_LOCATION_ONLY",
      regionCode: "US",
      places: { placeInfos: [{ placeName: "Springfield, IL", placeId: "ChIJa" }] },
    };
    const served = { ...location, storefrontAddress: undefined, serviceArea: area };
    const form = detailsFormOf(served);
    expect(form).toMatchObject({
      serviceBusinessType: "CUSTOMER_LOCATION_ONLY",
      servicePlaces: "Springfield, IL | ChIJa",
    });
    expect(detailFieldsOf(form, served).serviceArea).toEqual(area);
    const more = detailFieldsOf({ ...form, servicePlaces: "Springfield, IL | ChIJa\nChatham, IL | ChIJb" }, served);
    const changes = changesOf(detailFieldsOf(form, served), more, DETAIL_SPECS);
    expect(changes.map((c) => [c.field, c.after])).toEqual([
      ["serviceArea", "Only at the customer's\nSpringfield, IL\nChatham, IL"],
    ]);
    expect(detailFieldsOf({ ...form, serviceBusinessType: "", servicePlaces: "" }, served).serviceArea).toEqual({});
  });

  it("more hours: rows per type, day and range to Google's MoreHours and back, types in order of appearance", () => {
    const moreHours = [
      {
        hoursTypeId: "TAKEOUT",
        periods: [
          { openDay: "FRIDAY", openTime: { hours: 12, minutes: 30 }, closeDay: "FRIDAY", closeTime: { hours: 21 } },
        ],
      },
      {
        hoursTypeId: "DELIVERY",
        periods: [{ openDay: "MONDAY", openTime: { hours: 17 }, closeDay: "MONDAY", closeTime: { hours: 24 } }],
      },
    ];
    const form = moreHoursFormOf({ moreHours });
    expect(form.rows).toEqual([
      { type: "TAKEOUT", day: "FRIDAY", opens: "12:30", closes: "21:00" },
      { type: "DELIVERY", day: "MONDAY", opens: "17:00", closes: "00:00" },
    ]);
    expect(moreHourFieldsOf(form)).toEqual({ moreHours });
    const specs = moreHourSpecs({ TAKEOUT: "Takeout", DELIVERY: "Delivery" });
    expect(changesOf(moreHourFieldsOf(form), moreHourFieldsOf(form), specs)).toEqual([]);
    const fewer = moreHourFieldsOf({ rows: form.rows.slice(0, 1) });
    expect(changesOf(moreHourFieldsOf(form), fewer, specs).map((c) => c.after)).toEqual(["Takeout: Fri 12:30–21:00"]);
  });
});
