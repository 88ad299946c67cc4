import { serveMedia } from "@/lib/media/serve";
import { mediaStorage } from "@/lib/media/storage";

// GET /media/:key – a stored media file, public by its unguessable key (single byte ranges supported)
export const GET = async (req: Request, { params }: { params: Promise<{ key: string[] }> }): Promise<Response> =>
  serveMedia({
    key: (await params).key.join("/"),
    method: req.method,
    rangeHeader: req.headers.get("range"),
    storage: mediaStorage(),
  });
