// What the spec says a network has, whether or not this server reaches it yet (each network's meta.ts
// states them; client components read them too). What this server can do there is the connector's: a
// method or capability object below that it provides or not. The sandbox simulates the spec's table.
export type Capabilities = {
  placements: boolean; // has sub-targets (pages, organizations, channels, locations, numbers)
  placementsRequired: boolean; // posting needs a placement id
  announcesPlacementSync: boolean; // emits profile.placements_synced once placements are pulled (whatsapp)
  chains: boolean;
  // Direct messages: the chat endpoints answer (sending needs the connector's `messaging`); 422 otherwise.
  messaging: boolean;
  // Profile-level comments (google_business reviews, facebook recommendations): GET/POST
  // /api/profiles/:id/comments answer (reading them from the network needs `commentSync`); 405 otherwise.
  profileComments?: boolean;
};
