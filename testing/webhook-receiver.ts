import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { testCertificate } from "./tls";

// A real HTTPS webhook receiver on loopback for tests (certificate: testing/tls.ts). Records every
// request byte for byte and answers as scripted.

export type ReceivedRequest = { headers: Record<string, string | string[] | undefined>; rawBody: string; at: number };
export type Responder = (req: ReceivedRequest, index: number) => { status: number; delayMs?: number };

export const startReceiver = async (responder: Responder = () => ({ status: 200 })) => {
  const { key, cert } = testCertificate();
  const received: ReceivedRequest[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { headers: req.headers, rawBody: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(request);
      const { status, delayMs = 0 } = responder(request, received.length - 1);
      setTimeout(() => res.writeHead(status, { "content-type": "text/plain" }).end("ok"), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
