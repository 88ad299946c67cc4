import type { MessageAttachmentType } from "./types";

// The kind of a media URL of a message send, from its file extension (networks that take media by link
// need to be told whether it is an image, a video, audio or a document).
const BY_EXTENSION: Record<string, MessageAttachmentType> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  webp: "image",
  gif: "image",
  mp4: "video",
  mov: "video",
  "3gp": "video",
  mp3: "audio",
  ogg: "audio",
  opus: "audio",
  aac: "audio",
  amr: "audio",
  m4a: "audio",
  wav: "audio",
};

export const mediaTypeOfUrl = (url: string): MessageAttachmentType => {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || "file";
};
