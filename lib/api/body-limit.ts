// What Next buffers of a request body for proxy.ts (next.config.ts sets it as
// `experimental.proxyClientMaxBodySize`); a larger declared body is answered 413 by the proxy. JSON bodies
// and multipart bodies to endpoints without files never need more; file uploads bypass the proxy.
export const PROXIED_BODY_MAX_BYTES = 10 * 1024 * 1024;
