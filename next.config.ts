import type { NextConfig } from "next";

const config: NextConfig = {
  // Some clients call /api/profile_groups/ with a trailing slash: answer it directly instead of a 308.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
