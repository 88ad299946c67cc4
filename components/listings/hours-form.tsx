"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useListingWrite, type Json } from "@/lib/query/listings";
import { DAYS, ZHoursForm, type THoursForm } from "@/lib/schemas/listing-forms";
import { changesOf, fieldsWriteOf } from "./diff";
import { HOUR_SPECS, hourFieldsOf, hoursFormOf } from "./location-model";
import { ReviewChanges, Section } from "./review-changes";

const dayLabel = (day: string) => day.charAt(0) + day.slice(1).toLowerCase();

type Props = { profileId: string; locationId: string; location: Json };

// Regular hours as a weekly grid (a day without hours is closed; several ranges a day for split
// shifts) and special hours by date: update_hours with the changed ones.
export const HoursForm = ({ profileId, locationId, location }: Props) => {
  const initial = hoursFormOf(location);
  const form = useForm<THoursForm>({ resolver: zodResolver(ZHoursForm), defaultValues: initial, mode: "onChange" });
  const periods = useFieldArray({ control: form.control, name: "periods" });
  const special = useFieldArray({ control: form.control, name: "special" });
  const values = useWatch({ control: form.control }) as THoursForm;
  const write = useListingWrite(profileId, locationId);
  const after = hourFieldsOf({ periods: values.periods ?? [], special: values.special ?? [] });
  const changes = changesOf(hourFieldsOf(initial), after, HOUR_SPECS);
  const { errors } = form.formState;

  return (
    <Section
      title="Hours"
      description="Opening hours for each day of the week, and special hours for holidays."
      testId="section-hours"
    >
      <table className="w-full text-sm" data-testid="hours-grid">
        <tbody className="divide-y divide-slate-100">
          {DAYS.map((day) => {
            const rows = periods.fields.map((f, index) => ({ f, index })).filter(({ f }) => f.day === day);
            return (
              <tr key={day} data-testid={`hours-${day}`}>
                <th scope="row" className="w-28 py-2 pr-3 text-left align-top font-medium text-slate-700">
                  {dayLabel(day)}
                </th>
                <td className="space-y-1.5 py-2">
                  {rows.length === 0 && <span className="text-slate-400">Closed</span>}
                  {rows.map(({ f, index }) => (
                    <div key={f.id} className="flex items-center gap-2">
                      <Input
                        type="time"
                        className="w-32"
                        aria-label={`${dayLabel(day)} opens`}
                        {...form.register(`periods.${index}.opens`)}
                      />
                      <span aria-hidden>–</span>
                      <Input
                        type="time"
                        className="w-32"
                        aria-label={`${dayLabel(day)} closes`}
                        {...form.register(`periods.${index}.closes`)}
                      />
                      <Button
                        size="sm"
                        variant="dangerGhost"
                        aria-label={`Remove ${dayLabel(day)} hours`}
                        onClick={() => periods.remove(index)}
                      >
                        Remove
                      </Button>
                      {errors.periods?.[index] && <span className="text-xs text-red-600">HH:MM</span>}
                    </div>
                  ))}
                </td>
                <td className="w-28 py-2 text-right align-top">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => periods.append({ day, opens: "09:00", closes: "17:00" })}
                  >
                    Add hours
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="space-y-2" data-testid="special-hours">
        <p className="text-sm font-medium text-slate-900">Special hours</p>
        {special.fields.map((f, index) => (
          <div key={f.id} className="flex flex-wrap items-center gap-2">
            <Input type="date" className="w-44" aria-label="Date" {...form.register(`special.${index}.date`)} />
            <label className="flex items-center gap-1.5 text-sm text-slate-700">
              <input type="checkbox" {...form.register(`special.${index}.closed`)} /> Closed
            </label>
            {!values.special?.[index]?.closed && (
              <>
                <Input type="time" className="w-32" aria-label="Opens" {...form.register(`special.${index}.opens`)} />
                <Input type="time" className="w-32" aria-label="Closes" {...form.register(`special.${index}.closes`)} />
              </>
            )}
            <Button size="sm" variant="dangerGhost" onClick={() => special.remove(index)}>
              Remove
            </Button>
            {errors.special?.[index] && (
              <span className="text-xs text-red-600">
                {errors.special[index]?.opens?.message ?? errors.special[index]?.date?.message ?? "Check this day"}
              </span>
            )}
          </div>
        ))}
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            special.append({ date: new Date().toISOString().slice(0, 10), closed: true, opens: "", closes: "" })
          }
        >
          Add a special day
        </Button>
      </div>
      <ReviewChanges
        testId="hours"
        changes={changes}
        validate={() => form.trigger()}
        onSave={(list) =>
          write.mutateAsync({ method: "PATCH", endpoint: "update_hours", body: fieldsWriteOf(after, list) })
        }
      />
    </Section>
  );
};
