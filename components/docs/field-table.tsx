import type { FieldRow, ParameterRow } from "@/lib/docs/api-reference";
import { InlineCode } from "./inline-code";
import { TypeLabel } from "./type-label";

type Row = (FieldRow | ParameterRow) & { in?: string };

// Fields of a body/schema, or parameters (with their location).
export const FieldTable = ({ rows, showLocation = false }: { rows: Row[]; showLocation?: boolean }) => (
  <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
    <table className="min-w-full divide-y divide-slate-200 text-sm">
      <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="px-3 py-2">
            Name
          </th>
          {showLocation && (
            <th scope="col" className="px-3 py-2">
              In
            </th>
          )}
          <th scope="col" className="px-3 py-2">
            Type
          </th>
          <th scope="col" className="px-3 py-2">
            Notes
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((r) => (
          <tr key={`${r.in ?? ""}:${r.name}`} className="align-top">
            <td className="px-3 py-2 whitespace-nowrap">
              <code className="font-mono text-[13px] text-slate-900">{r.name}</code>
              {r.isRequired ? (
                <span className="ml-1.5 text-xs font-medium text-red-600">required</span>
              ) : (
                <span className="ml-1.5 text-xs text-slate-400">optional</span>
              )}
            </td>
            {showLocation && <td className="px-3 py-2 text-slate-500">{r.in}</td>}
            <td className="px-3 py-2">
              <TypeLabel type={r.type} />
            </td>
            <td className="px-3 py-2 text-slate-600">
              {r.notes.map((n) => (
                <span key={n} className="block break-all">
                  <InlineCode text={n} />
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
