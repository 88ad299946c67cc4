// Translates a parsed page query into a Prisma window and back into the spec's paginated envelope.
export type PageQuery = { page: number; per_page: number };

export const pageWindow = ({ page, per_page }: PageQuery, base: 0 | 1) => ({
  skip: (page - base) * per_page,
  take: per_page,
});

export const paginated = <T>({ page, per_page }: PageQuery, total: number, data: T[]) => ({
  total,
  page,
  per_page,
  data,
});
