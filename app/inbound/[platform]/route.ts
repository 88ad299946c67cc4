import { plainResponse } from "@/lib/api/inbound-response";
import { answerHandshake, receiveDelivery } from "@/lib/services/inbound/receive";

// /inbound/:platform – where a network delivers webhooks signed with its app secret (facebook,
// instagram, threads: X-Hub-Signature-256). GET answers the subscription handshake (hub.challenge);
// POST stores a verified delivery and answers 200 at once (401/403 without a valid signature).

type Ctx = { params: Promise<{ platform: string }> };

export const GET = async (req: Request, ctx: Ctx) =>
  plainResponse(answerHandshake({ platform: (await ctx.params).platform, query: new URL(req.url).searchParams }));

export const POST = async (req: Request, ctx: Ctx) =>
  plainResponse(await receiveDelivery({ platform: (await ctx.params).platform, profileId: null, req }));
