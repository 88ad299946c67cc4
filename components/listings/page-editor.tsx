"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { LoadingRows } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/query/fetcher";
import { usePage, useUpdatePage, type Json } from "@/lib/query/listings";
import { ABOUT_MAX, PRICE_RANGES } from "@/lib/schemas/pages";
import { emailsOf, ZPageForm, type TPageForm } from "@/lib/schemas/listing-forms";
import { changesOf } from "./diff";
import { ReviewChanges, Section } from "./review-changes";

// The page editor: the Page's own fields (GET …/page), edited, reviewed, and PATCH …/update_page with
// only the changed ones (a field emptied is sent empty, which clears it on the network).

const TEXT: { name: Exclude<keyof TPageForm, "price_range">; label: string; multiline?: boolean; hint?: string }[] = [
  { name: "about", label: "About", multiline: true, hint: `At most ${ABOUT_MAX} characters` },
  { name: "description", label: "Description", multiline: true },
  { name: "general_info", label: "General info", multiline: true },
  { name: "company_overview", label: "Company overview", multiline: true },
  { name: "mission", label: "Mission" },
  { name: "products", label: "Products" },
  { name: "founded", label: "Founded" },
  { name: "website", label: "Website", hint: "Several addresses separated by spaces" },
  { name: "phone", label: "Phone" },
  { name: "emails", label: "Emails", multiline: true, hint: "One address per line" },
  { name: "impressum", label: "Impressum", multiline: true },
];
const SPECS = Object.fromEntries([
  ...TEXT.map((f) => [f.name, { label: f.label }]),
  ["price_range", { label: "Price range" }],
]) as { [K in keyof TPageForm]: { label: string } };

const formOf = (page: Json): TPageForm => ({
  ...(Object.fromEntries(TEXT.map((f) => [f.name, typeof page[f.name] === "string" ? page[f.name] : ""])) as Omit<
    TPageForm,
    "emails" | "price_range"
  >),
  emails: Array.isArray(page.emails) ? page.emails.join("\n") : "",
  price_range: (PRICE_RANGES as readonly string[]).includes(String(page.price_range))
    ? (page.price_range as TPageForm["price_range"])
    : "",
});
// The API's value of a field: emails as a list, website space-separated, the rest trimmed.
const apiValue = (name: keyof TPageForm, value: string) =>
  name === "emails"
    ? emailsOf(value)
    : name === "website"
      ? value.split(/\s+/).filter(Boolean).join(" ")
      : value.trim();

const textareaClass =
  "block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 focus:outline-none";

const PageForm = ({ profileId, pageId, page }: { profileId: string; pageId: string; page: Json }) => {
  const initial = formOf(page);
  const form = useForm<TPageForm>({ resolver: zodResolver(ZPageForm), defaultValues: initial, mode: "onChange" });
  const values = { ...initial, ...(useWatch({ control: form.control }) as TPageForm) };
  const update = useUpdatePage(profileId, pageId);
  const shape = (v: TPageForm) =>
    Object.fromEntries(
      Object.keys(SPECS).map((k) => [k, apiValue(k as keyof TPageForm, v[k as keyof TPageForm])]),
    ) as Record<keyof TPageForm, unknown>;
  const after = shape(values);
  const changes = changesOf(shape(initial), after, SPECS);
  const { errors } = form.formState;
  return (
    <Section
      title={String(page.name ?? "Page")}
      description={[page.category, page.link].filter(Boolean).join(" · ")}
      testId="section-page"
    >
      {TEXT.map((f) => (
        <FormField key={f.name} id={`page-${f.name}`} label={f.label} hint={f.hint} error={errors[f.name]?.message}>
          {f.multiline ? (
            <textarea
              id={`page-${f.name}`}
              rows={f.name === "about" ? 2 : 3}
              className={textareaClass}
              aria-invalid={errors[f.name] ? true : undefined}
              {...form.register(f.name)}
            />
          ) : (
            <Input id={`page-${f.name}`} aria-invalid={errors[f.name] ? true : undefined} {...form.register(f.name)} />
          )}
        </FormField>
      ))}
      <FormField id="page-price_range" label="Price range">
        <Select id="page-price_range" className="w-40" {...form.register("price_range")}>
          {/* update_page cannot clear a price range once set */}
          {!initial.price_range && <option value="">Not set</option>}
          {PRICE_RANGES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </FormField>
      <ReviewChanges
        testId="page"
        changes={changes}
        validate={() => form.trigger()}
        onSave={(list) =>
          update.mutateAsync(Object.fromEntries(list.map((c) => [c.field, after[c.field as keyof TPageForm]])))
        }
      />
    </Section>
  );
};

export const PageEditor = ({ profileId, pageId }: { profileId: string; pageId: string }) => {
  const page = usePage(profileId, pageId);
  if (page.isPending) return <LoadingRows label="Loading the page…" />;
  if (page.error || !page.data) return <InlineStatus>{errorMessage(page.error)}</InlineStatus>;
  return <PageForm key={JSON.stringify(page.data)} profileId={profileId} pageId={pageId} page={page.data} />;
};
