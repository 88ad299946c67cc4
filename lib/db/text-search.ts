// A user's search text as a Prisma `contains` filter that matches it literally. Prisma hands `contains`
// to PostgreSQL as `LIKE '%' || value || '%'` without escaping, so `%` and `_` in the text would be
// wildcards (q=_ matching every row) and `\` LIKE's escape character; each is escaped here.
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsText = (value: string) => ({ contains: escapeLike(value), mode: "insensitive" as const });
