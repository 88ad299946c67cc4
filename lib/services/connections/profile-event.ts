// profile.connected / profile.disconnected payload (core-api "Events").
export const profileEventData = (p: {
  id: string;
  name: string;
  platform: string;
  status: string;
  externalId: string | null;
  username: string | null;
}) => ({ id: p.id, name: p.name, platform: p.platform, status: p.status, uid: p.externalId, username: p.username });
