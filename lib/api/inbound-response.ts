// Receivers outside /api (app/inbound) answer networks in plain text: networks read only the status,
// and Meta's handshake wants the challenge echoed as the whole body.
export const plainResponse = ({ status, body }: { status: number; body: string }) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
