// The request resources of the Business Profile APIs the listing fake accepts are Google's published
// contract, described once (lib/networks/google_business/resources.ts): the fake refuses what Google
// refuses, with Google's answers.
export { badRequest, check, LOCATION_FIELD_NAMES, unknownParam } from "@/lib/networks/google_business/resources";
