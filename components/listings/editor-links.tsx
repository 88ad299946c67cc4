import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import type { EditablePlacement } from "@/lib/services/listings/editors";

// On a profile's page: its locations or pages with a link to each one's editor.
export const EditorLinks = ({
  groupId,
  profileId,
  placements,
}: {
  groupId: string;
  profileId: string;
  placements: EditablePlacement[];
}) =>
  placements.length === 0 ? null : (
    <section className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="editor-links">
      <h2 className="text-base font-semibold text-slate-900">
        {placements[0]!.kind === "listing" ? "Business listings" : "Pages"}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {placements.map((p) => (
          <li key={p.externalId} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-medium text-slate-900">{p.name}</span>{" "}
              <span className="font-mono text-xs text-slate-400">{p.externalId}</span>
            </span>
            <Link
              href={`/profile-groups/${groupId}/profiles/${profileId}/manage?${new URLSearchParams({ placement: p.externalId })}`}
              className={buttonClass({ variant: "secondary", size: "sm" })}
              aria-label={`${p.kind === "listing" ? "Edit listing" : "Edit page"}: ${p.name}`}
            >
              {p.kind === "listing" ? "Edit listing" : "Edit page"}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
