import type { Operation } from "@/lib/docs/api-reference";
import { FieldTable } from "./field-table";
import { InlineCode } from "./inline-code";
import { MethodBadge, StatusBadge } from "./method-badge";
import { TypeLabel } from "./type-label";

const Heading = ({ children }: { children: string }) => (
  <h4 className="mt-6 mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h4>
);

export const OperationCard = ({ op }: { op: Operation }) => (
  <article
    id={op.id}
    data-testid={`operation-${op.id}`}
    className="scroll-mt-20 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
  >
    <div className="flex flex-wrap items-center gap-3">
      <MethodBadge method={op.method} />
      <code className="font-mono text-sm font-semibold break-all text-slate-900">{op.path}</code>
    </div>
    <h3 className="mt-3 text-base font-semibold text-slate-900">{op.summary}</h3>
    {op.description && (
      <p className="mt-1 text-sm leading-6 text-slate-600">
        <InlineCode text={op.description} />
      </p>
    )}
    <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <div className="flex gap-1.5">
        <dt className="text-slate-500">Auth:</dt>
        <dd className="text-slate-800">{op.auth}</dd>
      </div>
    </dl>

    {op.parameters.length > 0 && (
      <>
        <Heading>Parameters</Heading>
        <FieldTable rows={op.parameters} showLocation />
      </>
    )}

    {op.body && (
      <>
        <Heading>Request body (application/json)</Heading>
        {op.body.variants.length > 1 && (
          <p className="mb-2 text-sm text-slate-600">One of {op.body.variants.length} accepted shapes:</p>
        )}
        <div className="space-y-3">
          {op.body.variants.map((v) => (
            <div key={v.label}>
              {op.body!.variants.length > 1 && <p className="mb-1 text-xs font-medium text-slate-500">{v.label}</p>}
              {v.fields.length > 0 ? (
                <FieldTable rows={v.fields} />
              ) : (
                <p className="text-sm text-slate-500">No fields.</p>
              )}
            </div>
          ))}
        </div>
      </>
    )}

    <Heading>Responses</Heading>
    <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
      {op.responses.map((r) => (
        <li key={r.status} className="px-3 py-2.5 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={r.status} />
            <span className="text-slate-700">
              <InlineCode text={r.description} />
            </span>
            {r.type && r.fields.length === 0 && (
              <span className="ml-auto">
                <TypeLabel type={r.type} />
              </span>
            )}
          </div>
          {r.fields.length > 0 && (
            <div className="mt-2">
              <FieldTable rows={r.fields} />
            </div>
          )}
        </li>
      ))}
    </ul>
  </article>
);
