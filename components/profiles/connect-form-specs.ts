import { networkMeta, type TConnectFormSpec } from "@/lib/networks/meta";
import type { TPlatform } from "@/lib/schemas/common";

// The networks whose Connect opens a form instead of going straight to the network (each network's
// `connectForm`, lib/networks/<platform>/meta.ts): credentials typed here (the schemas the server
// validates them with), or optional extras before the redirect to the network's consent page.

export type { TConnectField, TConnectFormSpec } from "@/lib/networks/meta";

export const connectFormOf = (platform: TPlatform): TConnectFormSpec | undefined => networkMeta(platform).connectForm;

export const defaultValuesOf = (spec: TConnectFormSpec): Record<string, string> =>
  Object.fromEntries(spec.fields.map((f) => [f.name, f.kind === "choice" ? (f.options[0]?.value ?? "") : ""]));

// What the picker says under each network's name.
export const connectHint = (platform: TPlatform): string => {
  const spec = connectFormOf(platform);
  if (spec?.method === "credentials") return spec.fields.map((f) => f.label.toLowerCase()).join(" + ");
  return spec ? "Sign in, with options" : "Sign in on the network";
};
