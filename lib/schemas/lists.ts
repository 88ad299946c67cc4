import { z } from "zod";

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const paginatedListOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.int(), page: z.int(), per_page: z.int(), data: z.array(item) });

// page/per_page query. `base` 0 is the zero-indexed convention of most endpoints; base 1 (comments)
// still accepts 0 and treats it as 1 (what older clients send). Out-of-range values are clamped, not refused.
export const zPageQuery = ({
  base,
  defaultPerPage,
  maxPerPage,
}: {
  base: 0 | 1;
  defaultPerPage: number;
  maxPerPage: number;
}) =>
  z.object({
    page: z.coerce
      .number()
      .int()
      .catch(base)
      .default(base)
      .transform((p) => Math.max(p, base)),
    per_page: z.coerce
      .number()
      .int()
      .catch(defaultPerPage)
      .default(defaultPerPage)
      .transform((n) => Math.min(Math.max(n, 1), maxPerPage)),
  });
