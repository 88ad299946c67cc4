import { log } from "@/lib/log";
import { ConnectionLinkError, completeOAuthCallback } from "@/lib/services/connections/complete-connection";

// GET /connect/:platform/callback – where networks send the user back after consent. Exchanges the code,
// stores the profile and redirects to the integrator's redirect_url.
export const GET = async (req: Request, ctx: { params: Promise<{ platform: string }> }) => {
  const { platform } = await ctx.params;
  const params = Object.fromEntries(new URL(req.url).searchParams);
  try {
    return Response.redirect(await completeOAuthCallback({ platform, params }), 302);
  } catch (err) {
    const isLinkError = err instanceof ConnectionLinkError;
    if (!isLinkError)
      log.error("connection callback failed", { platform, error: err instanceof Error ? err.message : String(err) });
    return errorPage(
      isLinkError ? 400 : 500,
      isLinkError ? err.message : "Something went wrong while connecting the account.",
    );
  }
};

const errorPage = (status: number, message: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connection failed</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;color:#0f172a">` +
      `<h1 style="font-size:1.25rem">Connection failed</h1><p>${message.replace(/[<>&"]/g, "")}</p></body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8" } },
  );
