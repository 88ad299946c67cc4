"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useListingWrite, type Json } from "@/lib/query/listings";
import { ZLocationDetailsForm, type TLocationDetailsForm } from "@/lib/schemas/listing-forms";
import { CategoryPicker } from "./category-picker";
import { changesOf, fieldsWriteOf } from "./diff";
import { DETAIL_SPECS, detailFieldsOf, detailsFormOf } from "./location-model";
import { ReviewChanges, Section } from "./review-changes";

const textareaClass =
  "block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 focus:outline-none";

type Props = { profileId: string; locationId: string; location: Json };

// Name, categories, phones, website, description, address and service area: update_location with `fields` naming
// exactly what changed.
export const LocationDetailsForm = ({ profileId, locationId, location }: Props) => {
  const initial = detailsFormOf(location);
  const form = useForm<TLocationDetailsForm>({
    resolver: zodResolver(ZLocationDetailsForm),
    defaultValues: initial,
    mode: "onChange",
  });
  const values = useWatch({ control: form.control }) as TLocationDetailsForm;
  const write = useListingWrite(profileId, locationId);
  const before = detailFieldsOf(initial, location);
  const after = detailFieldsOf({ ...initial, ...values }, location);
  const changes = changesOf(before, after, DETAIL_SPECS);
  const { errors } = form.formState;
  const field = (name: keyof TLocationDetailsForm) => ({
    id: `location-${name}`,
    "aria-describedby": `location-${name}-error`,
    "aria-invalid": errors[name] ? true : undefined,
    ...form.register(name),
  });

  return (
    <Section
      title="Business details"
      description="Name, categories, contact details and address, as Google shows them."
      testId="section-details"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="location-title" label="Business name" error={errors.title?.message}>
          <Input {...field("title")} />
        </FormField>
        <FormField id="location-websiteUri" label="Website" error={errors.websiteUri?.message}>
          <Input type="url" {...field("websiteUri")} />
        </FormField>
        <FormField id="location-primaryPhone" label="Primary phone" error={errors.primaryPhone?.message}>
          <Input type="tel" {...field("primaryPhone")} />
        </FormField>
        <FormField
          id="location-additionalPhones"
          label="Additional phones"
          hint="Up to 2, separated by commas"
          error={errors.additionalPhones?.message}
        >
          <Input {...field("additionalPhones")} />
        </FormField>
      </div>
      <FormField id="location-description" label="Description" error={errors.description?.message}>
        <textarea rows={3} className={textareaClass} {...field("description")} />
      </FormField>
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-900">Categories</p>
        <CategoryPicker
          profileId={profileId}
          locationId={locationId}
          regionCode={values.regionCode ?? ""}
          primary={values.primaryCategory ?? null}
          additional={values.additionalCategories ?? []}
          error={errors.primaryCategory?.message ?? errors.additionalCategories?.message}
          onChange={({ primary, additional }) => {
            form.setValue("primaryCategory", primary, { shouldValidate: true, shouldDirty: true });
            form.setValue("additionalCategories", additional, { shouldValidate: true, shouldDirty: true });
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <div className="sm:col-span-4">
          <FormField
            id="location-addressLines"
            label="Street address"
            hint="One line per line of the address; empty for a service-area business"
          >
            <textarea rows={2} className={textareaClass} {...field("addressLines")} />
          </FormField>
        </div>
        <FormField id="location-postalCode" label="Postal code">
          <Input {...field("postalCode")} />
        </FormField>
        <FormField id="location-locality" label="City">
          <Input {...field("locality")} />
        </FormField>
        <FormField id="location-administrativeArea" label="State or region">
          <Input {...field("administrativeArea")} />
        </FormField>
        <FormField id="location-regionCode" label="Country" error={errors.regionCode?.message}>
          <Input {...field("regionCode")} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-4" data-testid="service-area">
        <FormField id="location-serviceBusinessType" label="Service area" error={errors.serviceBusinessType?.message}>
          <Select {...field("serviceBusinessType")}>
            <option value="">No service area</option>
            <option value="CUSTOMER_AND_BUSINESS_LOCATION">At the address and the customer&apos;s</option>
            <option value="CUSTOMER_LOCATION_ONLY">Only at the customer&apos;s</option>
          </Select>
        </FormField>
        <div className="sm:col-span-3">
          <FormField
            id="location-servicePlaces"
            label="Places served"
            hint="One place per line: name | Google place ID"
            error={errors.servicePlaces?.message}
          >
            <textarea rows={2} className={textareaClass} {...field("servicePlaces")} />
          </FormField>
        </div>
      </div>
      <ReviewChanges
        testId="details"
        changes={changes}
        validate={() => form.trigger()}
        onSave={(list) =>
          write.mutateAsync({ method: "PATCH", endpoint: "update_location", body: fieldsWriteOf(after, list) })
        }
      />
    </Section>
  );
};
