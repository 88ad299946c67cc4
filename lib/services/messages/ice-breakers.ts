import "server-only";
import { unprocessable } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TIceBreakersBody } from "@/lib/schemas/messages";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { managementError } from "@/lib/services/listings/managed";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { messagingContext, messagingFor, profileForMessagingOrThrow } from "./support";

// GET/POST/DELETE /api/profiles/:id/ice_breakers: the questions a network offers someone opening a
// conversation (the connector's `messaging.iceBreakers`; elsewhere 422). Nothing is stored here: the
// network holds the set; POST replaces it as a whole. The network's refusal: 422, 429, 502.

const capability = async (principal: Principal, profileId: string) => {
  const profile = await profileForMessagingOrThrow({ principal, id: profileId });
  const { connector, messaging } = messagingFor(profile);
  if (!messaging.iceBreakers)
    throw unprocessable([`Ice breakers are not available on ${DISPLAY_NAMES[profile.platform]}`]);
  if (profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it"]);
  const fresh = await freshAuth(connector, profile.id);
  return {
    iceBreakers: messaging.iceBreakers,
    ctx: messagingContext(connector, profile.id),
    auth: profileAuthOf(fresh),
    network: connector.displayName,
  };
};

const onNetwork = async <T>(network: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    throw managementError(err, network);
  }
};

export const listIceBreakers = async ({ principal, profileId }: { principal: Principal; profileId: string }) => {
  const { iceBreakers, ctx, auth, network } = await capability(principal, profileId);
  return { ice_breakers: await onNetwork(network, () => iceBreakers.list(ctx, auth)) };
};

export const setIceBreakers = async ({
  principal,
  profileId,
  input,
}: {
  principal: Principal;
  profileId: string;
  input: TIceBreakersBody;
}) => {
  const { iceBreakers, ctx, auth, network } = await capability(principal, profileId);
  if (input.ice_breakers.length > iceBreakers.max)
    throw unprocessable([`ice_breakers: at most ${iceBreakers.max} on ${network}`]);
  await onNetwork(network, () => iceBreakers.replace(ctx, auth, input.ice_breakers));
};

export const deleteIceBreakers = async ({ principal, profileId }: { principal: Principal; profileId: string }) => {
  const { iceBreakers, ctx, auth, network } = await capability(principal, profileId);
  await onNetwork(network, () => iceBreakers.clear(ctx, auth));
};
