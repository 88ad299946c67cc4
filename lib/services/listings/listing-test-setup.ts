import { fakeLocation, type FakeGoogleUser, type GoogleFake } from "@/testing/fakes/google";
import type { RouteHandler } from "@/lib/api/route";
import { callRoute } from "@/testing/call-route";
import { connectViaOAuth } from "@/testing/connections";
import { seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";

// For the listing management tests: a live google_business profile connected through the Google fake
// (a real consent and code exchange), its owner's fake user and locations, and an API key to call the
// routes with.

let n = 0;
export const connectListingOwner = async (google: GoogleFake) => {
  const i = ++n;
  const deli = {
    ...fakeLocation(`71${i}`, "Acme Deli", {
      placeId: `ChIJdeli${i}`,
      address: { addressLines: ["1 Main St"], locality: "Springfield", postalCode: "62701" },
      canHaveFoodMenus: true,
    }),
    categories: { primaryCategory: { name: "categories/gcid:delicatessen", displayName: "Delicatessen" } },
    regularHours: {
      periods: [{ openDay: "MONDAY", openTime: { hours: 8 }, closeDay: "MONDAY", closeTime: { hours: 18 } }],
    },
    profile: { description: "Sandwiches since 1990" },
  };
  const plumber = {
    ...fakeLocation(`72${i}`, "Acme Plumbing", {
      canModifyServiceList: false,
      address: { addressLines: ["2 Side St"], locality: "Springfield" },
    }),
    categories: { primaryCategory: { name: "categories/gcid:plumber", displayName: "Plumber" } },
  };
  const user: FakeGoogleUser = google.addUser({
    sub: `listing-${i}`,
    email: `listing${i}@acme.example`,
    name: `Lister ${i}`,
    accounts: [{ name: `accounts/9${i}`, accountName: "Acme", type: "PERSONAL", locations: [deli, plumber] }],
  });
  const tenant = await seedTenant();
  const { profile } = await connectViaOAuth({
    principal: tenant.principal,
    groupId: tenant.group.id,
    platform: "google_business",
    consent: google.consent({ user }),
  });
  if (!profile) throw new Error("google_business did not connect");
  const { token } = await seedKey({ accountId: tenant.account.id });
  return {
    ...tenant,
    user,
    profile,
    token,
    deli,
    plumber,
    deliId: `accounts/9${i}/locations/71${i}`,
    plumberId: `accounts/9${i}/locations/72${i}`,
  };
};
export type ListingOwner = Awaited<ReturnType<typeof connectListingOwner>>;

// Calls a google_business route for the owner's profile: `query` goes to the URL, `body` as JSON.
export const callListing = (
  owner: { profile: { id: string }; token: string },
  route: RouteHandler,
  { query = {}, body, token }: { query?: Record<string, string>; body?: unknown; token?: string } = {},
) => {
  const suffix = route.endpoint.path.split("/google_business/")[1];
  const qs = new URLSearchParams(query).toString();
  return callRoute(route, {
    path: `/api/profiles/${owner.profile.id}/google_business/${suffix}${qs ? `?${qs}` : ""}`,
    token: token ?? owner.token,
    params: { id: owner.profile.id },
    ...(body !== undefined && { body }),
  });
};
