"use client";

import type { ReactNode } from "react";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/query/fetcher";
import { useListingResource, type Json } from "@/lib/query/listings";
import { ActionLinks } from "./action-links";
import { AttributesForm } from "./attributes-form";
import { FoodMenusForm } from "./food-menus-form";
import { HoursForm } from "./hours-form";
import { LocationDetailsForm } from "./location-details-form";
import { MoreHoursForm } from "./more-hours-form";
import { Photos } from "./photos";
import { GateNotice, Section } from "./review-changes";
import { ServicesForm } from "./services-form";

// The listing editor of one location: each section reads its resource through the public routes,
// edits it, shows what changed and writes only that. A section the location cannot have says which
// of Google's flags (metadata.canHaveFoodMenus, canModifyServiceList) blocks it. After a save the
// sections re-read the location, so they start again from what Google holds.

const arr = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const keyOf = (data: unknown) => JSON.stringify(data);

// Loading, a failure, or the section with its data.
const Load = <T,>({
  query,
  title,
  children,
}: {
  query: { data?: T; error: unknown; isPending: boolean };
  title: string;
  children: (data: T) => ReactNode;
}) => {
  if (query.isPending) return <LoadingRows label={`Loading ${title.toLowerCase()}…`} />;
  if (query.error || !query.data) return <InlineStatus>{`${title}: ${errorMessage(query.error)}`}</InlineStatus>;
  return <>{children(query.data)}</>;
};

export const ListingEditor = ({ profileId, locationId }: { profileId: string; locationId: string }) => {
  const location = useListingResource(profileId, locationId, "location");
  const metadata = (location.data?.metadata ?? {}) as Json;
  const canHaveMenus = metadata.canHaveFoodMenus === true;
  const attributes = useListingResource(profileId, locationId, "attributes");
  const available = useListingResource(profileId, locationId, "available_attributes");
  const menus = useListingResource(profileId, locationId, "food_menus", { enabled: canHaveMenus });
  const links = useListingResource(profileId, locationId, "place_action_links");
  const types = useListingResource(profileId, locationId, "available_place_action_types");
  const media = useListingResource(profileId, locationId, "media");
  const props = { profileId, locationId };

  return (
    <Load query={location} title="Location">
      {(loc) => (
        <div className="space-y-6">
          <LocationDetailsForm
            key={keyOf([
              loc.title,
              loc.phoneNumbers,
              loc.websiteUri,
              loc.profile,
              loc.categories,
              loc.storefrontAddress,
              loc.serviceArea,
            ])}
            {...props}
            location={loc}
          />
          <HoursForm key={keyOf([loc.regularHours, loc.specialHours])} {...props} location={loc} />
          <MoreHoursForm key={keyOf([loc.moreHours, loc.categories])} {...props} location={loc} />
          <ServicesForm
            key={keyOf(loc.serviceItems)}
            {...props}
            items={arr(loc.serviceItems)}
            canModify={metadata.canModifyServiceList === true}
            primaryCategory={
              String(((loc.categories as Json | undefined)?.primaryCategory as Json | undefined)?.name ?? "") || null
            }
          />
          {canHaveMenus ? (
            <Load query={menus} title="Food menus">
              {(data) => <FoodMenusForm key={keyOf(data)} {...props} menus={arr(data.menus)} />}
            </Load>
          ) : (
            <Section title="Food menus" testId="section-menus">
              <GateNotice testId="gate-menus">
                Food menus are not available for this location (canHaveFoodMenus is false).
              </GateNotice>
            </Section>
          )}
          <Load query={available} title="Available attributes">
            {(meta) => (
              <Load query={attributes} title="Attributes">
                {(current) => (
                  <AttributesForm
                    key={keyOf([meta, current])}
                    {...props}
                    available={arr(meta.attributeMetadata)}
                    current={arr(current.attributes)}
                  />
                )}
              </Load>
            )}
          </Load>
          <Load query={types} title="Action types">
            {(t) => (
              <Load query={links} title="Action links">
                {(l) => (
                  <ActionLinks {...props} links={arr(l.placeActionLinks)} types={arr(t.placeActionTypeMetadata)} />
                )}
              </Load>
            )}
          </Load>
          <Load query={media} title="Photos">
            {(m) => <Photos {...props} items={arr(m.mediaItems)} />}
          </Load>
        </div>
      )}
    </Load>
  );
};
