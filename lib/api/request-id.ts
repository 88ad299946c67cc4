import { newId } from "@/lib/ids";

const INCOMING = /^[A-Za-z0-9._:-]{8,128}$/;

// Echo a sane incoming X-Request-Id (proxies often set one), else mint our own.
export const requestIdFor = (req: Request): string => {
  const incoming = req.headers.get("x-request-id");
  return incoming && INCOMING.test(incoming) ? incoming : newId("request");
};
