import { z } from "zod";
import { NetworkError } from "../errors";
import type { NetworkConnector } from "../types";
import { parseGraphError } from "./errors";
import { graphRequest, type GraphCall } from "./request";

// DELETE /{node-id} on a Graph host (facebook posts, photos and videos; Threads media). Graph answers
// `{success: true}` (Threads adds `deleted_id`). A node that is already gone answers HTTP 400 with code
// 100 / subcode 33 ("Unsupported delete request. Object with ID '…' does not exist, …"), or a plain
// 404: both count as deleted, so the call is idempotent. Every other failure goes through the
// connector's mapError as usual.

type Connector = Pick<NetworkConnector, "mapError" | "displayName">;

const ZDeleted = z.object({ success: z.boolean().optional(), deleted_id: z.coerce.string().optional() }).loose();

// Graph's "no such object" answers: code 100 with subcode 33, or HTTP 404.
export const isGoneAnswer = ({ status, body }: { status: number; body: unknown }) => {
  if (status === 404) return true;
  const info = parseGraphError(body);
  return info?.code === 100 && info.subcode === 33;
};

// What the gone-aware mapper returns instead of an error the caller would see.
class GoneError extends NetworkError {
  constructor() {
    super("rejected", "The object no longer exists");
  }
}

export const deleteGraphNode = async (
  ctx: { fetch: typeof fetch },
  connector: Connector,
  call: Omit<GraphCall, "method" | "form">,
): Promise<void> => {
  const goneAware: Connector = {
    displayName: connector.displayName,
    mapError: (failure) => (isGoneAnswer(failure) ? new GoneError() : connector.mapError(failure)),
  };
  let answer: z.infer<typeof ZDeleted>;
  try {
    answer = await graphRequest(ctx, goneAware, { ...call, method: "DELETE" }, ZDeleted);
  } catch (err) {
    if (err instanceof GoneError) return;
    throw err;
  }
  if (answer.success === false) throw new NetworkError("rejected", `${connector.displayName} did not delete the post`);
};
