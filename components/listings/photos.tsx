"use client";

import { useRef, useState } from "react";
import { MEDIA_CATEGORIES } from "@/lib/networks/google_business/media-categories";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/query/fetcher";
import { webUrl } from "@/lib/web-url";
import { useListingWrite, useUploadListingPhoto } from "@/lib/query/listings";
import { Section } from "./review-changes";

// The location's photos (media): upload (create_media with the file; the server keeps a copy Google
// fetches) with the category Google files it under, and delete.

type MediaItem = {
  name: string;
  googleUrl?: string;
  thumbnailUrl?: string;
  description?: string;
  locationAssociation?: { category?: string };
};
const CATEGORIES = MEDIA_CATEGORIES;
const label = (c: string) => c.charAt(0) + c.slice(1).toLowerCase().replace(/_/g, " ");

type Props = { profileId: string; locationId: string; items: MediaItem[] };

export const Photos = ({ profileId, locationId, items }: Props) => {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState("ADDITIONAL");
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const upload = useUploadListingPhoto(profileId, locationId);
  const remove = useListingWrite(profileId, locationId);

  return (
    <Section title="Photos" description="Photos on the Google listing." testId="section-photos">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <li key={item.name} className="overflow-hidden rounded-lg ring-1 ring-slate-200" data-testid="photo">
            {/* Google's copies live on Google's hosts: a plain img, not next/image. */}
            <img
              src={webUrl(item.thumbnailUrl ?? item.googleUrl) ?? undefined}
              alt={item.description ?? label(item.locationAssociation?.category ?? "photo")}
              className="aspect-[4/3] w-full bg-slate-100 object-cover"
            />
            <div className="flex items-center justify-between gap-2 px-2 py-1.5 text-xs">
              <span className="text-slate-600">{label(item.locationAssociation?.category ?? "ADDITIONAL")}</span>
              <Button size="sm" variant="dangerGhost" onClick={() => setDeleting(item)}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {items.length === 0 && <p className="text-sm text-slate-500">No photos yet.</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label="Photo category"
          className="w-48"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {label(c)}
            </option>
          ))}
        </Select>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          aria-label="Photo file"
          className="text-sm"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            await upload.mutateAsync({ file, category }).then(
              () => toast.success("Photo added"),
              () => undefined,
            );
            if (input.current) input.current.value = "";
          }}
        />
        {upload.isPending && <span className="text-xs text-slate-500">Uploading…</span>}
      </div>
      {upload.error && <InlineStatus>{errorMessage(upload.error)}</InlineStatus>}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this photo?"
        description="Google removes it from the listing."
        confirmLabel="Delete photo"
        isPending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ method: "DELETE", endpoint: "delete_media", query: { name: deleting.name } }).then(
            () => (toast.success("Photo deleted"), setDeleting(null)),
            () => undefined, // shown in the dialog
          );
        }}
      />
    </Section>
  );
};
