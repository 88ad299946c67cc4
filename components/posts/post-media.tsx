import { Badge } from "@/components/ui/badge";
import type { TPost } from "@/lib/schemas/posts";
import { webUrl } from "@/lib/web-url";

type Media = TPost["media"][number];

// Thumbnails of processed images, links for the rest; media still downloading or refused say so.
export const PostMedia = ({ media }: { media: Media[] }) => {
  if (media.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-3" data-testid="post-media">
      {media.map((m) => {
        const src = webUrl(m.url);
        const href = src ?? webUrl(m.source_url);
        const isImage = m.content_type.startsWith("image/") && src;
        return (
          <li key={m.id} className="w-32" data-testid={`post-media-${m.id}`}>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-indigo-400"
              >
                {isImage ? (
                  <img src={src!} alt="" className="h-24 w-32 object-cover" />
                ) : (
                  <span className="flex h-24 w-32 items-center justify-center bg-slate-50 px-2 text-center text-xs break-all text-slate-600">
                    {m.content_type}
                  </span>
                )}
              </a>
            ) : (
              <span className="flex h-24 w-32 items-center justify-center rounded-md bg-slate-50 text-xs text-slate-400 ring-1 ring-slate-200">
                no file
              </span>
            )}
            {m.status !== "processed" && (
              <div className="mt-1">
                <Badge tone={m.status === "failed" ? "red" : "slate"}>{m.status}</Badge>
              </div>
            )}
            {m.error_message && <p className="mt-1 text-xs text-red-700">{m.error_message}</p>}
          </li>
        );
      })}
    </ul>
  );
};
