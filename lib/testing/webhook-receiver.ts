import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// A real HTTPS webhook receiver on loopback for tests: self-signed certificate for localhost/127.0.0.1
// (made with openssl once per process), records every request byte for byte, answers as scripted.

export type ReceivedRequest = { headers: Record<string, string | string[] | undefined>; rawBody: string; at: number };
export type Responder = (req: ReceivedRequest, index: number) => { status: number; delayMs?: number };

let certCache: { key: string; cert: string } | undefined;

export const testCertificate = () => {
  if (certCache) return certCache;
  const dir = mkdtempSync(path.join(tmpdir(), "webhook-cert-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  if (!existsSync(cert)) {
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
    ], { stdio: "ignore" });
  }
  certCache = { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
  return certCache;
};

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
    ca: cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
