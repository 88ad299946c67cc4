import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { ZPlatform, type TPlatform } from "@/lib/schemas/common";

// The outcome of an OAuth connection, from the query string the callback sends the user back with:
// `?profile_id=…&platform=…&status=connected`, or `?error=…&error_description=…&platform=…`.
export type TConnectionResult =
  | { kind: "connected"; platform: TPlatform | null; profileId: string | null }
  | { kind: "failed"; platform: TPlatform | null; error: string; description: string | null };

type TSearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value)?.trim() || null;

export const parseConnectionResult = (params: TSearchParams): TConnectionResult | null => {
  const parsed = ZPlatform.safeParse(first(params.platform));
  const platform = parsed.success ? parsed.data : null;
  const error = first(params.error);
  if (error) return { kind: "failed", platform, error, description: first(params.error_description) };
  if (first(params.status) === "connected") return { kind: "connected", platform, profileId: first(params.profile_id) };
  return null;
};

const REASONS: Record<string, string> = {
  access_denied: "access was not granted on the consent screen",
  missing_code: "the network did not send an authorization code back",
  connection_failed: "the connection could not be completed",
};

export const networkName = (platform: TPlatform | null): string => (platform ? DISPLAY_NAMES[platform] : "the account");

export const failureMessage = ({
  platform,
  error,
  description,
}: Extract<TConnectionResult, { kind: "failed" }>): string =>
  `Could not connect ${networkName(platform)}: ${description ?? REASONS[error] ?? error.replaceAll("_", " ")}.`.replace(
    /\.\.$/,
    ".",
  );
