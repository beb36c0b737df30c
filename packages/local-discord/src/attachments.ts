// Uploaded files live in memory and are served back under /attachments/<channel>/<attachment id>/<name>,
// the same path shape as Discord's CDN, so each upload gets its own URL (an edited board.png never
// shows a cached older image).
import type { APIAttachment } from "discord-api-types/v10";
import type { UploadedFile } from "./http-io.ts";
import { snowflake } from "./snowflake.ts";

interface StoredFile {
  data: Buffer;
  contentType: string;
}

const EXTENSION_TYPES: Record<string, string> = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  json: "application/json; charset=utf-8",
  pgn: "text/plain; charset=utf-8",
};

export class AttachmentStore {
  private readonly files = new Map<string, StoredFile>();

  constructor(private readonly baseUrl: () => string) {}

  /** Stores an upload and returns its Discord attachment object. */
  add(channelId: string, file: UploadedFile, meta: { filename?: string; description?: string }): APIAttachment {
    const id = snowflake();
    const filename = sanitize(meta.filename || file.filename);
    const contentType = guessType(filename, file.contentType);
    const path = `/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
    this.files.set(path, { data: file.data, contentType });
    const url = `${this.baseUrl()}${path}`;
    const size = imageSize(file.data);
    return {
      id,
      filename,
      ...(meta.description ? { description: meta.description } : {}),
      content_type: contentType,
      size: file.data.length,
      url,
      proxy_url: url,
      ...(size ? { width: size.width, height: size.height } : {}),
    };
  }

  get(path: string): StoredFile | undefined {
    return this.files.get(path);
  }
}

/** Discord replaces spaces and path characters in upload names. */
function sanitize(name: string): string {
  return name.replace(/[\\/]/g, "_").replace(/\s+/g, "_") || "unknown";
}

function guessType(filename: string, given: string): string {
  if (given && given !== "application/octet-stream") return given;
  const ext = filename.split(".").pop()?.toLowerCase() ?? "";
  return EXTENSION_TYPES[ext] ?? "application/octet-stream";
}

/** Width and height of PNG, GIF and JPEG images, read from their headers. */
function imageSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString("ascii", 12, 16) === "IHDR") {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length >= 10 && data.toString("ascii", 0, 4) === "GIF8") {
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < data.length) {
      if (data[offset] !== 0xff) return undefined;
      const marker = data[offset + 1];
      const length = data.readUInt16BE(offset + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: data.readUInt16BE(offset + 7), height: data.readUInt16BE(offset + 5) };
      }
      offset += 2 + length;
    }
  }
  return undefined;
}
