"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { InlineStatus } from "@/components/ui/inline-status";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { useListingWrite } from "@/lib/query/listings";
import { changesOf } from "./diff";
import { ReviewChanges, Section } from "./review-changes";

// Place action links (order online, book, reserve): the types the location accepts
// (available_place_action_types), its links with their uri and "preferred" flag. A link's edit goes
// through "Review changes" and update_place_action_link names only what changed; adding and deleting
// are their own calls.

type Link = { name: string; uri: string; placeActionType: string; isPreferred?: boolean; providerType?: string };
type TypeMeta = { placeActionType: string; displayName?: string };
const LINK_SPECS = {
  uri: { label: "Link" },
  isPreferred: { label: "Preferred", format: (v: boolean) => (v ? "Yes" : "No") },
};

const LinkRow = ({
  link,
  typeName,
  profileId,
  locationId,
}: {
  link: Link;
  typeName: string;
  profileId: string;
  locationId: string;
}) => {
  const [uri, setUri] = useState(link.uri);
  const [isPreferred, setPreferred] = useState(link.isPreferred === true);
  const [confirm, setConfirm] = useState(false);
  const write = useListingWrite(profileId, locationId);
  const toast = useToast();
  const changes = changesOf(
    { uri: link.uri, isPreferred: link.isPreferred === true },
    { uri, isPreferred },
    LINK_SPECS,
  );
  return (
    <li className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" data-testid="action-link">
      <div className="flex items-center gap-2 text-sm">
        <Badge tone="indigo">{typeName}</Badge>
        {link.providerType && <span className="text-xs text-slate-400">{link.providerType}</span>}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Input
          aria-label={`${typeName} link`}
          type="url"
          className="min-w-64 flex-1"
          value={uri}
          onChange={(e) => setUri(e.target.value)}
        />
        <label className="flex items-center gap-1.5 text-sm text-slate-700">
          <input type="checkbox" checked={isPreferred} onChange={(e) => setPreferred(e.target.checked)} /> Preferred
        </label>
        <Button size="sm" variant="dangerGhost" onClick={() => setConfirm(true)}>
          Delete
        </Button>
      </div>
      <ReviewChanges
        testId={`link-${link.name.split("/").pop()}`}
        changes={changes}
        onSave={(list) =>
          write.mutateAsync({
            method: "PATCH",
            endpoint: "update_place_action_link",
            body: { name: link.name, fields: list.map((c) => c.field), uri, isPreferred },
          })
        }
      />
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this link?"
        description={`${typeName}: ${link.uri}`}
        confirmLabel="Delete link"
        isPending={write.isPending}
        error={write.error ? errorMessage(write.error) : null}
        onConfirm={async () => {
          await write
            .mutateAsync({ method: "DELETE", endpoint: "delete_place_action_link", query: { name: link.name } })
            .then(
              () => (toast.success("Link deleted"), setConfirm(false)),
              () => undefined, // shown in the dialog
            );
        }}
      />
    </li>
  );
};

type Props = { profileId: string; locationId: string; links: Link[]; types: TypeMeta[] };

export const ActionLinks = ({ profileId, locationId, links, types }: Props) => {
  const [type, setType] = useState(types[0]?.placeActionType ?? "");
  const [uri, setUri] = useState("");
  const create = useListingWrite(profileId, locationId);
  const toast = useToast();
  const nameOf = (t: string) => types.find((x) => x.placeActionType === t)?.displayName ?? t;
  return (
    <Section
      title="Action links"
      description="Links for ordering, booking or reserving from the Google listing."
      testId="section-links"
    >
      <ul className="space-y-2">
        {links.map((link) => (
          <LinkRow
            key={`${link.name}:${link.uri}:${String(link.isPreferred)}`}
            link={link}
            typeName={nameOf(link.placeActionType)}
            profileId={profileId}
            locationId={locationId}
          />
        ))}
      </ul>
      {links.length === 0 && <p className="text-sm text-slate-500">No action links yet.</p>}
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          await create
            .mutateAsync({ method: "POST", endpoint: "create_place_action_link", body: { uri, placeActionType: type } })
            .then(
              () => (toast.success("Link added"), setUri("")),
              () => undefined,
            );
        }}
      >
        <Select aria-label="Link type" className="w-48" value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((t) => (
            <option key={t.placeActionType} value={t.placeActionType}>
              {t.displayName ?? t.placeActionType}
            </option>
          ))}
        </Select>
        <Input
          aria-label="New link"
          type="url"
          placeholder="https://…"
          className="min-w-64 flex-1"
          value={uri}
          onChange={(e) => setUri(e.target.value)}
        />
        <Button type="submit" variant="secondary" isLoading={create.isPending} disabled={!uri.trim() || !type}>
          Add link
        </Button>
      </form>
      {create.error && <InlineStatus>{errorMessage(create.error)}</InlineStatus>}
    </Section>
  );
};
