const DATE = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
// Deliveries and their retries can be seconds apart.
const DATE_TIME = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

export const formatDate = (iso: string): string => DATE.format(new Date(iso));
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));
