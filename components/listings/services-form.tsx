"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useListingWrite, type Json } from "@/lib/query/listings";
import { sameValue, type Change } from "./diff";
import { isPrice, moneyOf, moneyText } from "./money";
import { GateNotice, ReviewChanges, Section } from "./review-changes";

// The location's services (service_list): Google's structured services of its categories and free-form
// ones, each with a description and a price. update_service_list replaces the whole list, so the one
// change is the list. Behind metadata.canModifyServiceList: without it the list is shown read-only
// with the flag named.

type Row = { item: Json; name: string; description: string; price: string };
const obj = (v: unknown): Json => (typeof v === "object" && v !== null ? (v as Json) : {});

const rowOf = (item: Json): Row => {
  const structured = obj(item.structuredServiceItem);
  const free = obj(item.freeFormServiceItem);
  return {
    item,
    name: String(obj(free.label).displayName ?? structured.serviceTypeId ?? ""),
    description: String((item.structuredServiceItem ? structured.description : obj(free.label).description) ?? ""),
    price: moneyText(item.price),
  };
};

const itemOf = (row: Row, currency: string): Json => {
  const { price: _price, ...rest } = row.item;
  const price = moneyOf(row.price, currency);
  const description = row.description.trim() || undefined;
  const free = obj(rest.freeFormServiceItem);
  const body = rest.structuredServiceItem
    ? { structuredServiceItem: { ...obj(rest.structuredServiceItem), description } }
    : { freeFormServiceItem: { ...free, label: { ...obj(free.label), displayName: row.name.trim(), description } } };
  return { ...body, ...(price && { price }) };
};
const summary = (items: Json[]) =>
  items
    .map(rowOf)
    .map((r) => `${r.name}${r.price ? ` — ${r.price}` : ""}`)
    .join("\n") || "(none)";

type Props = {
  profileId: string;
  locationId: string;
  items: Json[];
  canModify: boolean;
  primaryCategory: string | null;
};

export const ServicesForm = ({ profileId, locationId, items, canModify, primaryCategory }: Props) => {
  const [rows, setRows] = useState<Row[]>(items.map(rowOf));
  const [newName, setNewName] = useState("");
  const write = useListingWrite(profileId, locationId);
  const currency = String(obj(items.find((i) => obj(i.price).currencyCode)?.price).currencyCode ?? "USD");
  const before = items.map(rowOf).map((r) => itemOf(r, currency));
  const after = rows.map((r) => itemOf(r, currency));
  const invalid = rows.some((r) => !isPrice(r.price) || !r.name.trim());
  const changes: Change[] = sameValue(before, after)
    ? []
    : [{ field: "serviceItems", label: "Services", before: summary(before), after: summary(after) }];
  const update = (i: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Section title="Services" description="What the business offers, with prices." testId="section-services">
      {!canModify && (
        <GateNotice testId="gate-services">
          Services cannot be changed for this location (canModifyServiceList is false): Google manages its service list.
        </GateNotice>
      )}
      {rows.length === 0 && <p className="text-sm text-slate-500">No services yet.</p>}
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={i} className="grid items-center gap-2 sm:grid-cols-[1fr_1.5fr_7rem_auto]" data-testid="service-row">
            <Input
              aria-label="Service"
              value={row.name}
              disabled={!canModify || Boolean(row.item.structuredServiceItem)}
              onChange={(e) => update(i, { name: e.target.value })}
            />
            <Input
              aria-label="Description"
              value={row.description}
              disabled={!canModify}
              onChange={(e) => update(i, { description: e.target.value })}
            />
            <Input
              aria-label="Price"
              inputMode="decimal"
              placeholder={currency}
              value={row.price}
              disabled={!canModify}
              aria-invalid={!isPrice(row.price) || undefined}
              onChange={(e) => update(i, { price: e.target.value })}
            />
            {canModify && (
              <Button size="sm" variant="dangerGhost" onClick={() => setRows((list) => list.filter((_, j) => j !== i))}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canModify && primaryCategory && (
        <div className="flex gap-2">
          <Input
            aria-label="New service"
            placeholder="A service of your own, e.g. Private dining"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
          />
          <Button
            variant="secondary"
            disabled={!newName.trim()}
            onClick={() => {
              setRows((list) => [
                ...list,
                {
                  item: {
                    freeFormServiceItem: {
                      category: primaryCategory,
                      label: { displayName: newName.trim(), languageCode: "en" },
                    },
                  },
                  name: newName.trim(),
                  description: "",
                  price: "",
                },
              ]);
              setNewName("");
            }}
          >
            Add service
          </Button>
        </div>
      )}
      {canModify && (
        <ReviewChanges
          testId="services"
          changes={changes}
          disabled={invalid}
          onSave={() =>
            write.mutateAsync({
              method: "PATCH",
              endpoint: "update_service_list",
              body: { fields: ["serviceItems"], serviceItems: after },
            })
          }
        />
      )}
    </Section>
  );
};
