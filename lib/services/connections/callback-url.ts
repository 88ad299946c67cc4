import { appUrl } from "@/lib/env";

// The redirect URI registered with each network: {APP_URL}/connect/<platform>/callback.
export const callbackUrl = (platform: string) => `${appUrl()}/connect/${platform}/callback`;
