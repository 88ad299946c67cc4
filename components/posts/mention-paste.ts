"use client";

import { useState, type ClipboardEvent } from "react";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TEnvironment, TPlatform } from "@/lib/schemas/common";
import { request } from "@/lib/query/fetcher";

// Pasting a page URL into the composer's text: when the group has a profile whose network looks pages
// up for mentions (the connector's management.mentions; the page passes those networks in), the URL
// goes to GET /api/profiles/:id/resolve_mention and the page found is written as its `@[Name](urn)`
// mention. Anything else (not a URL, no such page, the lookup failing) is pasted as it is.

type Resolved = { urn: string; name: string; mention?: string };
type Profile = { id: string; platform: TPlatform };
export type TMentionStatus =
  { kind: "idle" } | { kind: "looking" } | { kind: "resolved"; mention: string } | { kind: "pasted" };

const URL_LIKE = /^https?:\/\/\S+$/i;
export const mentionOf = ({ name, urn, mention }: Resolved) => mention ?? `@[${name.replace(/[\]\n]/g, " ")}](${urn})`;

// The profile to look pages up with: a chosen one first, else any of the group's.
export const mentionProfileOf = (chosen: Profile[], group: Profile[], platforms: TPlatform[]) =>
  chosen.find((p) => platforms.includes(p.platform)) ?? group.find((p) => platforms.includes(p.platform)) ?? null;

export const useMentionPaste = ({
  profile,
  environment,
  setBody,
}: {
  profile: Profile | null;
  environment: TEnvironment;
  setBody: (body: string) => void;
}) => {
  const [status, setStatus] = useState<TMentionStatus>({ kind: "idle" });

  const onPaste = async (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData("text/plain").trim();
    if (!profile || !URL_LIKE.test(text)) return;
    event.preventDefault();
    const el = event.currentTarget;
    const [start, end, current] = [el.selectionStart, el.selectionEnd, el.value];
    const insert = (piece: string) => {
      setBody(current.slice(0, start) + piece + current.slice(end));
      requestAnimationFrame(() => el.setSelectionRange(start + piece.length, start + piece.length));
    };
    setStatus({ kind: "looking" });
    try {
      const found = await request<Resolved>(
        `/api/profiles/${encodeURIComponent(profile.id)}/resolve_mention?url=${encodeURIComponent(text)}`,
        { environment },
      );
      const mention = mentionOf(found);
      insert(mention);
      setStatus({ kind: "resolved", mention });
    } catch {
      insert(text);
      setStatus({ kind: "pasted" });
    }
  };

  const hint = profile ? `Paste a ${DISPLAY_NAMES[profile.platform]} page URL to mention the page.` : null;
  return { onPaste, status, hint };
};
