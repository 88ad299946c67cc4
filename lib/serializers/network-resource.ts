import type { z } from "zod";

// Resources answered as the network returned them (a LinkedIn page found for a mention, Google's
// Location, a Facebook page): nothing is renamed, so the contract's schema is the whole serializer. The
// value's shape is only known at run time; the route wrapper checks it against the same schema before it
// is sent (lib/api/response-check.ts).
export const asNetworkResource = <S extends z.ZodType>(_schema: S, value: Record<string, unknown>): z.input<S> =>
  value as z.input<S>;
