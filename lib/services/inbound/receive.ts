import "server-only";
import { ApiError } from "@/lib/errors";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send";
import { log } from "@/lib/log";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, InboundHandshake, InboundProof, InboundRequest } from "@/lib/networks/types";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import { storableText } from "@/lib/schemas/safe-input";
import { contextFor } from "@/lib/services/connections/context";
import { profileInboundSecret } from "./secrets";

// The receivers of what networks push (app/inbound): authenticate the delivery through the network's
// connector, store it as received, request its processing in the same transaction, and answer at once.
// Nothing about the delivery is interpreted here; a delivery that fails verification changes nothing.
// The signature is checked over the raw bytes; the stored copy lacks only what PostgreSQL text cannot
// hold (NUL characters), so a delivery carrying one is kept and processed rather than answered 500 and
// retried by the network forever. Only live profiles are reachable: sandbox profiles live on the simulated network.

export type InboundAnswer = { status: number; body: string };

export const MAX_INBOUND_BYTES = 1024 * 1024; // Meta batches stay far below; larger bodies are refused

const answer = (status: number, body: string): InboundAnswer => ({ status, body });
const NOT_FOUND = answer(404, "Not found");
const PROOF_ANSWERS: Record<Exclude<InboundProof, "valid">, InboundAnswer> = {
  missing: answer(401, "Missing signature"),
  invalid: answer(403, "Invalid signature"),
};

const isPlatform = (value: string): value is TPlatform => (PLATFORMS as readonly string[]).includes(value);

// The live connector of a network that pushes with the given scope of verification, with its settings;
// null when the network does not push that way or is not configured on this server.
const inboundConnector = (platform: string, scope: "app" | "profile") => {
  if (!isPlatform(platform)) return null;
  const connector: AnyConnector = connectorFor({ platform, environment: "live" });
  if (connector.inbound?.verification.scope !== scope) return null;
  try {
    return { connector, inbound: connector.inbound, ctx: contextFor(connector) };
  } catch (err) {
    if (err instanceof ApiError) return null; // NETWORK_<PLATFORM>_* missing
    throw err;
  }
};

// The network's subscription handshake (Meta's hub.challenge).
export const answerHandshake = ({ platform, query }: { platform: string; query: URLSearchParams }): InboundAnswer => {
  const found = inboundConnector(platform, "app");
  const verification = found?.inbound.verification;
  if (!found || verification?.scope !== "app" || !verification.handshake) return NOT_FOUND;
  const result: InboundHandshake = verification.handshake(found.ctx, query);
  return answer(result.status, result.body);
};

const readBody = async (req: Request): Promise<Buffer | null> => {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_INBOUND_BYTES) return null;
  const body = Buffer.from(await req.arrayBuffer());
  return body.length > MAX_INBOUND_BYTES ? null : body;
};

const store = async (platform: TPlatform, profileId: string | null, request: InboundRequest) => {
  const delivery = await db.$transaction(async (tx) => {
    const row = await tx.inboundDelivery.create({
      data: {
        id: newId("inboundDelivery"),
        platform,
        profileId,
        contentType: request.contentType,
        payload: storableText(request.body.toString("utf8")),
      },
      select: { id: true },
    });
    await sendEvent({ name: "app/inbound.received", id: row.id, data: { deliveryId: row.id } }, { tx });
    return row;
  });
  log.debug("inbound delivery stored", { platform, profileId, deliveryId: delivery.id, bytes: request.body.length });
  return answer(200, "OK");
};

// POST /inbound/<platform> (app-signed) and /inbound/<platform>/<profile id> (per-profile secret).
export const receiveDelivery = async ({
  platform,
  profileId,
  req,
}: {
  platform: string;
  profileId: string | null;
  req: Request;
}): Promise<InboundAnswer> => {
  const found = inboundConnector(platform, profileId === null ? "app" : "profile");
  if (!found) return NOT_FOUND;
  const body = await readBody(req);
  if (body === null) return answer(413, "Payload too large");
  const request: InboundRequest = { body, headers: req.headers, contentType: req.headers.get("content-type") };
  const verification = found.inbound.verification;
  let proof: InboundProof;
  if (verification.scope === "app") {
    proof = verification.verify(found.ctx, request);
  } else {
    // An unknown profile answers like a wrong secret: the receiver does not tell which profiles exist.
    const profile = profileId
      ? await db.profile.findFirst({
          where: { id: profileId, platform: found.connector.platform, environment: "live" },
          select: { id: true },
        })
      : null;
    proof = verification.verify(request, profileInboundSecret(profileId ?? ""));
    if (!profile && proof === "valid") proof = "invalid";
  }
  if (proof !== "valid") {
    log.warn("inbound delivery refused", { platform, profileId, proof });
    return PROOF_ANSWERS[proof];
  }
  return store(found.connector.platform, profileId, request);
};
