// 12-hour ("h12", 1:00 PM) or 24-hour ("h23", 13:00) clock, as Intl.DateTimeFormat names them.
export type THourCycle = "h12" | "h23";

// The staff user's 12/24-hour choice (the calendar): a cookie of this browser, like the environment
// (environment-cookie.ts). The server page reads it for the first render; the calendar's toggle writes it.
export const HOUR_CYCLE_COOKIE = "admin_hour_cycle";

export const parseHourCycle = (value: string | undefined): THourCycle => (value === "h12" ? "h12" : "h23");

export const writeHourCycle = (cycle: THourCycle) => {
  document.cookie = `${HOUR_CYCLE_COOKIE}=${cycle}; path=/; max-age=31536000; samesite=lax`;
};
