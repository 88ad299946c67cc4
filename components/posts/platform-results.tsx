import { PlatformName } from "@/components/profiles/platform-mark";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { TPost } from "@/lib/schemas/posts";
import { webUrl } from "@/lib/web-url";
import { LocalTime } from "./local-time";
import { PlatformStatusBadge } from "./status-badge";

type Result = TPost["platforms"][number];

// One row per platform post: where it went, how it stands, and what the network said.
export const PlatformResults = ({
  platforms,
  profileNames,
}: {
  platforms: Result[];
  profileNames: Record<string, string>;
}) => (
  <Table data-testid="post-platforms">
    <THead>
      <tr>
        <Th>Network</Th>
        <Th>Profile</Th>
        <Th>Status</Th>
        <Th>Attempted</Th>
        <Th>
          <span className="sr-only">Link</span>
        </Th>
      </tr>
    </THead>
    <TBody>
      {platforms.map((pp) => (
        <Tr key={pp.id} data-testid={`platform-row-${pp.profile_id}`} data-platform={pp.platform}>
          <Td className="align-top">
            <PlatformName platform={pp.platform} />
          </Td>
          <Td className="max-w-56 align-top">
            <div className="truncate font-medium text-slate-900" data-testid="platform-profile">
              {profileNames[pp.profile_id] ?? pp.profile_id}
            </div>
            <div className="font-mono text-xs text-slate-400">{pp.profile_id}</div>
          </Td>
          <Td className="max-w-80 align-top whitespace-normal">
            <PlatformStatusBadge status={pp.status} testId="platform-status" />
            {pp.error && (
              <p className="mt-1.5 text-xs text-red-700" data-testid="platform-error">
                {pp.error}
              </p>
            )}
            {pp.error_details && <ErrorDetails details={pp.error_details} />}
          </Td>
          <Td className="align-top text-slate-500" data-testid="platform-attempted">
            {pp.attempted_at ? <LocalTime iso={pp.attempted_at} withSeconds /> : "—"}
          </Td>
          <Td className="w-0 text-right align-top">
            {webUrl(pp.url) && (
              <a
                href={webUrl(pp.url) ?? undefined}
                target="_blank"
                rel="noreferrer"
                className="text-sm font-medium text-indigo-700 hover:underline"
                data-testid="platform-url"
              >
                View post ↗
              </a>
            )}
          </Td>
        </Tr>
      ))}
    </TBody>
  </Table>
);

const ErrorDetails = ({ details }: { details: NonNullable<Result["error_details"]> }) => {
  const rows = [
    ["code", details.platform_error_code],
    ["subcode", details.platform_error_subcode],
    ["message", details.platform_error_message],
    ["note", details.postproxy_note],
  ].filter((r): r is [string, string] => typeof r[1] === "string" && r[1] !== "");
  if (rows.length === 0) return null;
  return (
    <dl className="mt-1.5 space-y-0.5 text-xs text-slate-600" data-testid="platform-error-details">
      {rows.map(([key, value]) => (
        <div key={key} className="flex gap-1.5">
          <dt className="text-slate-400">{key}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
};
