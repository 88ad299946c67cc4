import { plainResponse } from "@/lib/api/inbound-response";
import { receiveDelivery } from "@/lib/services/inbound/receive";

// /inbound/:platform/:profileId – where a network delivers to one profile with the secret we registered
// for it (telegram: setWebhook's secret_token, sent back in X-Telegram-Bot-Api-Secret-Token).

export const POST = async (req: Request, ctx: { params: Promise<{ platform: string; profileId: string }> }) => {
  const { platform, profileId } = await ctx.params;
  return plainResponse(await receiveDelivery({ platform, profileId, req }));
};
