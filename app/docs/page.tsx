import type { Metadata } from "next";
import Link from "next/link";
import { FieldTable } from "@/components/docs/field-table";
import { InlineCode } from "@/components/docs/inline-code";
import { MethodBadge } from "@/components/docs/method-badge";
import { OperationCard } from "@/components/docs/operation-card";
import { ENDPOINTS } from "@/lib/contracts";
import { buildApiReference } from "@/lib/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

// Public (no session): the reference is generated from the same contracts the routes enforce, through
// the same OpenAPI builder as /api/openapi.json, so the two cannot disagree.
export default function ApiReferencePage() {
  const ref = buildApiReference(ENDPOINTS);
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-6 py-3">
          <Link href="/" className="flex items-center gap-2">
            <span
              className="flex size-7 items-center justify-center rounded-md bg-indigo-600 text-sm font-bold text-white"
              aria-hidden
            >
              P
            </span>
            <span className="font-semibold tracking-tight text-slate-900">{ref.title}</span>
          </Link>
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">v{ref.version}</span>
          <nav className="ml-auto flex items-center gap-4 text-sm">
            <a
              href="/api/openapi.json"
              className="font-medium text-indigo-700 hover:underline"
              data-testid="openapi-link"
            >
              openapi.json
            </a>
            <Link href="/" className="text-slate-600 hover:text-slate-900">
              Admin
            </Link>
          </nav>
        </div>
      </header>

      <div className="mx-auto flex max-w-7xl gap-10 px-6 py-10">
        <aside className="hidden w-60 shrink-0 lg:block">
          <nav
            aria-label="Reference"
            className="sticky top-20 max-h-[calc(100vh-6rem)] space-y-5 overflow-y-auto text-sm"
          >
            {ref.tags.map((t) => (
              <div key={t.slug}>
                <a href={`#${t.slug}`} className="font-semibold text-slate-900 hover:text-indigo-700">
                  {t.tag}
                </a>
                <ul className="mt-1.5 space-y-1">
                  {t.operations.map((op) => (
                    <li key={op.id}>
                      <a href={`#${op.id}`} className="flex items-center gap-2 text-slate-600 hover:text-slate-900">
                        <MethodBadge method={op.method} className="w-14 text-[10px]" />
                        <span className="truncate">{op.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <a href="#events" className="block font-semibold text-slate-900 hover:text-indigo-700">
              Webhook events
            </a>
            <a href="#schemas" className="block font-semibold text-slate-900 hover:text-indigo-700">
              Schemas
            </a>
          </nav>
        </aside>

        <main className="min-w-0 flex-1 space-y-14">
          <section>
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900">API reference</h1>
            <p className="mt-3 max-w-3xl text-slate-600">
              <InlineCode text={ref.description} /> The machine-readable OpenAPI 3.1 document is at{" "}
              <a href="/api/openapi.json" className="font-mono text-sm text-indigo-700 hover:underline">
                /api/openapi.json
              </a>
              .
            </p>
            <div className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-2">
              <div className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
                <h2 className="font-semibold text-slate-900">Keys</h2>
                <p className="mt-1 text-slate-600">
                  <InlineCode text="Account-wide keys act on every profile group of one environment (`sk_live_…` or `sk_sandbox_…`). Scoped keys see a single profile group and cannot manage groups or keys." />
                </p>
              </div>
              <div className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
                <h2 className="font-semibold text-slate-900">Errors</h2>
                <p className="mt-1 text-slate-600">
                  <InlineCode text="422 `{errors: [...], error}`; 401, 404 and 409 `{error}`; 400 `{status: 400, error, message}`. Every response carries `X-Request-Id`." />
                </p>
              </div>
            </div>
          </section>

          {ref.tags.map((t) => (
            <section key={t.slug} id={t.slug} aria-labelledby={`${t.slug}-title`} className="scroll-mt-20">
              <h2 id={`${t.slug}-title`} className="mb-5 text-xl font-semibold tracking-tight text-slate-900">
                {t.tag}
              </h2>
              <div className="space-y-6">
                {t.operations.map((op) => (
                  <OperationCard key={op.id} op={op} />
                ))}
              </div>
            </section>
          ))}

          <section id="events" aria-labelledby="events-title" className="scroll-mt-20">
            <h2 id="events-title" className="mb-2 text-xl font-semibold tracking-tight text-slate-900">
              Webhook events
            </h2>
            <p className="mb-4 max-w-3xl text-sm text-slate-600">
              <InlineCode text="Each delivery is `{id, type, created_at, data}`, signed in `X-Service-Signature`; `data` has the schema below (the OpenAPI document's `webhooks`)." />
            </p>
            <ul className="grid gap-1 rounded-xl bg-white p-6 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
              {ref.events.map((e) => (
                <li key={e.type} className="flex gap-2">
                  <span className="font-mono text-slate-900">{e.type}</span>
                  {e.payload && (
                    <a href={`#schema-${e.payload}`} className="font-mono text-indigo-700 hover:underline">
                      {e.payload}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </section>

          <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-20">
            <h2 id="schemas-title" className="mb-5 text-xl font-semibold tracking-tight text-slate-900">
              Schemas
            </h2>
            <div className="space-y-6">
              {ref.schemas.map((s) => (
                <div
                  key={s.name}
                  id={`schema-${s.name}`}
                  className="scroll-mt-20 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
                >
                  <h3 className="font-mono text-sm font-semibold text-slate-900">{s.name}</h3>
                  {s.description && <p className="mt-1 text-sm text-slate-600">{s.description}</p>}
                  <div className="mt-3">
                    {s.fields.length > 0 ? (
                      <FieldTable rows={s.fields} />
                    ) : (
                      <p className="text-sm text-slate-500">No fields.</p>
                    )}
                  </div>
                </div>
              ))}
            </div>
          </section>
        </main>
      </div>
    </div>
  );
}
