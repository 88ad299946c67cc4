const DATE = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export const formatDate = (iso: string): string => DATE.format(new Date(iso));

// Tokens are never shown after creation; the prefix and the stored last four characters identify one.
export const maskedToken = ({ sandbox, token_hint }: { sandbox: boolean; token_hint: string }): string =>
  `sk_${sandbox ? "sandbox" : "live"}_••••${token_hint}`;
