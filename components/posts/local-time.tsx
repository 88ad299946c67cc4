"use client";

import { useSyncExternalStore } from "react";

const DATE_TIME = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const DATE_TIME_SECONDS = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

const subscribe = () => () => {};

// A timestamp in the browser's time zone. Server-rendered pages print the ISO value first (the server's
// zone may differ) and the browser replaces it once hydrated.
export const LocalTime = ({
  iso,
  withSeconds = false,
  testId,
}: {
  iso: string;
  withSeconds?: boolean;
  testId?: string;
}) => {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  const text = isClient
    ? (withSeconds ? DATE_TIME_SECONDS : DATE_TIME).format(date)
    : iso.replace("T", " ").replace(/\.\d+Z$/, "Z");
  return (
    <time dateTime={iso} title={iso} data-testid={testId}>
      {text}
    </time>
  );
};
