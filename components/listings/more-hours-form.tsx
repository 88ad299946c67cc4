"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useListingWrite, type Json } from "@/lib/query/listings";
import { DAYS, ZMoreHoursForm, type TMoreHoursForm } from "@/lib/schemas/listing-forms";
import { changesOf, fieldsWriteOf } from "./diff";
import { moreHourFieldsOf, moreHoursFormOf, moreHourSpecs } from "./location-model";
import { GateNotice, ReviewChanges, Section } from "./review-changes";

type Props = { profileId: string; locationId: string; location: Json };
type HoursType = { hoursTypeId: string; displayName: string };

const dayLabel = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

// The more-hours types the location's categories take (Google lists them on each category), plus any
// type the location already has.
const typesOf = (location: Json): HoursType[] => {
  const categories = (location.categories ?? {}) as {
    primaryCategory?: { moreHoursTypes?: HoursType[] };
    additionalCategories?: { moreHoursTypes?: HoursType[] }[];
  };
  const listed = [categories.primaryCategory, ...(categories.additionalCategories ?? [])].flatMap(
    (c) => c?.moreHoursTypes ?? [],
  );
  const held = (Array.isArray(location.moreHours) ? (location.moreHours as { hoursTypeId?: string }[]) : []).map(
    (h) => ({ hoursTypeId: String(h.hoursTypeId), displayName: String(h.hoursTypeId) }),
  );
  const byId = new Map([...held, ...listed].map((t) => [t.hoursTypeId, t]));
  return [...byId.values()];
};

// Hours of the location's other services (delivery, takeout, happy hours, …): a row per type, day and
// range; update_hours with `fields: ["moreHours"]` when they changed.
export const MoreHoursForm = ({ profileId, locationId, location }: Props) => {
  const initial = moreHoursFormOf(location);
  const types = typesOf(location);
  const names = Object.fromEntries(types.map((t) => [t.hoursTypeId, t.displayName]));
  const form = useForm<TMoreHoursForm>({
    resolver: zodResolver(ZMoreHoursForm),
    defaultValues: initial,
    mode: "onChange",
  });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const values = useWatch({ control: form.control }) as TMoreHoursForm;
  const write = useListingWrite(profileId, locationId);
  const specs = moreHourSpecs(names);
  const after = moreHourFieldsOf({ rows: values.rows ?? [] });
  const changes = changesOf(moreHourFieldsOf(initial), after, specs);
  const { errors } = form.formState;

  return (
    <Section
      title="More hours"
      description="Hours of delivery, takeout and the location's other services, as its categories allow."
      testId="section-more-hours"
    >
      {types.length === 0 ? (
        <GateNotice testId="gate-more-hours">The location&apos;s categories take no more-hours types.</GateNotice>
      ) : (
        <>
          <div className="space-y-1.5" data-testid="more-hours-rows">
            {rows.fields.length === 0 && <p className="text-sm text-slate-400">No more hours.</p>}
            {rows.fields.map((f, index) => (
              <div key={f.id} className="flex flex-wrap items-center gap-2" data-testid="more-hours-row">
                <Select className="w-48" aria-label="Hours type" {...form.register(`rows.${index}.type`)}>
                  {types.map((t) => (
                    <option key={t.hoursTypeId} value={t.hoursTypeId}>
                      {t.displayName}
                    </option>
                  ))}
                </Select>
                <Select className="w-36" aria-label="Day" {...form.register(`rows.${index}.day`)}>
                  {DAYS.map((d) => (
                    <option key={d} value={d}>
                      {dayLabel(d)}
                    </option>
                  ))}
                </Select>
                <Input type="time" className="w-32" aria-label="From" {...form.register(`rows.${index}.opens`)} />
                <span aria-hidden>–</span>
                <Input type="time" className="w-32" aria-label="Until" {...form.register(`rows.${index}.closes`)} />
                <Button size="sm" variant="dangerGhost" onClick={() => rows.remove(index)}>
                  Remove
                </Button>
                {errors.rows?.[index] && <span className="text-xs text-red-600">HH:MM</span>}
              </div>
            ))}
          </div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => rows.append({ type: types[0]!.hoursTypeId, day: "MONDAY", opens: "09:00", closes: "17:00" })}
          >
            Add more hours
          </Button>
        </>
      )}
      <ReviewChanges
        testId="more-hours"
        changes={changes}
        validate={() => form.trigger()}
        onSave={(list) =>
          write.mutateAsync({ method: "PATCH", endpoint: "update_hours", body: fieldsWriteOf(after, list) })
        }
      />
    </Section>
  );
};
