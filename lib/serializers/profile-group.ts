import type { TProfileGroup } from "@/lib/schemas/profile-groups";

export type ProfileGroupRow = { id: string; name: string; _count: { profiles: number } };

export const serializeProfileGroup = (g: ProfileGroupRow): TProfileGroup => ({
  id: g.id,
  name: g.name,
  profiles_count: g._count.profiles,
});
