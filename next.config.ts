import type { NextConfig } from "next";
import { PROXIED_BODY_MAX_BYTES } from "./lib/api/body-limit";

const config: NextConfig = {
  // Some clients call /api/profile_groups/ with a trailing slash: answer it directly instead of a 308.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // proxy.ts answers a larger declared body 413; uploads do not pass through it (its matcher).
  experimental: { proxyClientMaxBodySize: PROXIED_BODY_MAX_BYTES },
};

export default config;
