import { errorBody, notFound } from "@/lib/errors";
import { requestIdFor } from "@/lib/api/request-id";

// Any other /api path: a JSON 404 in the spec's shape instead of the HTML page.
const handler = async (req: Request) =>
  Response.json(errorBody(notFound()), { status: 404, headers: { "X-Request-Id": requestIdFor(req) } });

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
