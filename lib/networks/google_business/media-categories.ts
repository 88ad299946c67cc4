// Client-safe (the admin photo editor offers them; resources.ts checks media items against them).
// Where a photo or video shows on the profile (MediaItem.locationAssociation.category; a media item needs
// one of these, CATEGORY_UNSPECIFIED is refused).
export const MEDIA_CATEGORIES: readonly string[] = [
  "COVER",
  "PROFILE",
  "LOGO",
  "EXTERIOR",
  "INTERIOR",
  "PRODUCT",
  "AT_WORK",
  "FOOD_AND_DRINK",
  "MENU",
  "COMMON_AREA",
  "ROOMS",
  "TEAMS",
  "ADDITIONAL",
];
