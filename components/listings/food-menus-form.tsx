"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useListingWrite, type Json } from "@/lib/query/listings";
import { sameValue, type Change } from "./diff";
import { isPrice, moneyOf, moneyText } from "./money";
import { ReviewChanges, Section } from "./review-changes";

// Food menus (My Business v4 FoodMenus): menus -> sections -> items, each with a name, items with a
// price. What the editor does not show (cuisines, allergens, options, …) is kept as loaded.
// update_food_menus replaces the menus: the one change is the menus.

type Item = { raw: Json; name: string; price: string };
type MenuSection = { raw: Json; name: string; items: Item[] };
type Menu = { raw: Json; name: string; sections: MenuSection[] };

const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const obj = (v: unknown): Json => (typeof v === "object" && v !== null ? (v as Json) : {});
const nameOf = (raw: Json) => String(obj(arr(raw.labels)[0]).displayName ?? "");
const withName = (raw: Json, name: string) => ({
  ...raw,
  labels: [{ ...obj(arr(raw.labels)[0]), displayName: name.trim() }, ...arr(raw.labels).slice(1)],
});

const menusOf = (menus: Json[]): Menu[] =>
  menus.map((m) => ({
    raw: m,
    name: nameOf(m),
    sections: arr(m.sections).map((s) => ({
      raw: s,
      name: nameOf(s),
      items: arr(s.items).map((i) => ({ raw: i, name: nameOf(i), price: moneyText(obj(i.attributes).price) })),
    })),
  }));

const toGoogle = (menus: Menu[], currency: string): Json[] =>
  menus.map((m) => ({
    ...withName(m.raw, m.name),
    sections: m.sections.map((s) => ({
      ...withName(s.raw, s.name),
      items: s.items.map((i) => {
        const { price: _old, ...attributes } = obj(i.raw.attributes);
        const price = moneyOf(i.price, currency);
        return { ...withName(i.raw, i.name), attributes: { ...attributes, ...(price && { price }) } };
      }),
    })),
  }));
const summary = (menus: Json[]) =>
  menus
    .map(
      (m) =>
        `${nameOf(m)}: ${arr(m.sections)
          .map(
            (s) =>
              `${nameOf(s)} (${arr(s.items)
                .map(
                  (i) =>
                    `${nameOf(i)}${moneyText(obj(i.attributes).price) ? ` ${moneyText(obj(i.attributes).price)}` : ""}`,
                )
                .join(", ")})`,
          )
          .join("; ")}`,
    )
    .join("\n") || "(none)";

type Props = { profileId: string; locationId: string; menus: Json[] };

export const FoodMenusForm = ({ profileId, locationId, menus: loaded }: Props) => {
  const [menus, setMenus] = useState<Menu[]>(menusOf(loaded));
  const write = useListingWrite(profileId, locationId);
  const currency = String(
    obj(obj(arr(arr(arr(loaded)[0]?.sections)[0]?.items)[0]?.attributes).price).currencyCode ?? "USD",
  );
  const before = toGoogle(menusOf(loaded), currency);
  const after = toGoogle(menus, currency);
  const changes: Change[] = sameValue(before, after)
    ? []
    : [{ field: "menus", label: "Food menus", before: summary(before), after: summary(after) }];
  const invalid = menus.some(
    (m) =>
      !m.name.trim() ||
      m.sections.some((s) => !s.name.trim() || s.items.some((i) => !i.name.trim() || !isPrice(i.price))),
  );
  const edit = (fn: (draft: Menu[]) => void) =>
    setMenus((current) => {
      const draft = current.map((m) => ({
        ...m,
        sections: m.sections.map((s) => ({ ...s, items: s.items.map((i) => ({ ...i })) })),
      }));
      fn(draft);
      return draft;
    });

  return (
    <Section title="Food menus" description="Menus with their sections and dishes." testId="section-menus">
      {menus.map((menu, mi) => (
        <div key={mi} className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" data-testid="menu">
          <div className="flex gap-2">
            <Input
              aria-label="Menu name"
              value={menu.name}
              onChange={(e) => edit((d) => void (d[mi]!.name = e.target.value))}
            />
            <Button size="sm" variant="dangerGhost" onClick={() => edit((d) => void d.splice(mi, 1))}>
              Remove menu
            </Button>
          </div>
          {menu.sections.map((section, si) => (
            <div key={si} className="ml-4 space-y-1.5">
              <div className="flex gap-2">
                <Input
                  aria-label="Section name"
                  value={section.name}
                  onChange={(e) => edit((d) => void (d[mi]!.sections[si]!.name = e.target.value))}
                />
                <Button size="sm" variant="dangerGhost" onClick={() => edit((d) => void d[mi]!.sections.splice(si, 1))}>
                  Remove section
                </Button>
              </div>
              {section.items.map((item, ii) => (
                <div key={ii} className="ml-4 flex gap-2">
                  <Input
                    aria-label="Dish"
                    value={item.name}
                    onChange={(e) => edit((d) => void (d[mi]!.sections[si]!.items[ii]!.name = e.target.value))}
                  />
                  <Input
                    aria-label="Dish price"
                    className="w-28"
                    inputMode="decimal"
                    placeholder={currency}
                    value={item.price}
                    aria-invalid={!isPrice(item.price) || undefined}
                    onChange={(e) => edit((d) => void (d[mi]!.sections[si]!.items[ii]!.price = e.target.value))}
                  />
                  <Button
                    size="sm"
                    variant="dangerGhost"
                    onClick={() => edit((d) => void d[mi]!.sections[si]!.items.splice(ii, 1))}
                  >
                    Remove
                  </Button>
                </div>
              ))}
              <Button
                size="sm"
                variant="ghost"
                className="ml-4"
                onClick={() => edit((d) => void d[mi]!.sections[si]!.items.push({ raw: {}, name: "", price: "" }))}
              >
                Add dish
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="ghost"
            className="ml-4"
            onClick={() => edit((d) => void d[mi]!.sections.push({ raw: {}, name: "", items: [] }))}
          >
            Add section
          </Button>
        </div>
      ))}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => edit((d) => void d.push({ raw: {}, name: "", sections: [] }))}
      >
        Add menu
      </Button>
      <ReviewChanges
        testId="menus"
        changes={changes}
        disabled={invalid}
        onSave={() =>
          write.mutateAsync({
            method: "PATCH",
            endpoint: "update_food_menus",
            body: { fields: ["menus"], menus: after },
          })
        }
      />
    </Section>
  );
};
