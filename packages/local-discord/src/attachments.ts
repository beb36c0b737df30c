// Uploaded files are served back under /attachments/<channel>/<attachment id>/<name>, the same path
// shape as Discord's CDN, so each upload gets its own URL (an edited board.png never shows a cached
// older image). They are kept in memory and, with a directory (the state file's), on disk too, so
// that a restarted local Discord still serves the images of its saved messages.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { APIAttachment } from "discord-api-types/v10";
import { writeFileAtomic } from "./files.ts";
import type { UploadedFile } from "./http-io.ts";
import type { LocalLogger } from "./logger.ts";
import { snowflake } from "./snowflake.ts";

interface StoredFile {
  data: Buffer;
  contentType: string;
}

/**
 * Discord sets an attachment's `content_type` from its file name's extension, whatever type the upload's part
 * says (the same text uploaded as .txt, .mp3 or .zip comes back text/plain, audio/mpeg, application/zip; an
 * extension it does not know gets none): discord.js sniffs a Buffer's first bytes and sends a text file that
 * starts with "[" as application/json, which Discord does not keep.
 */
const EXTENSION_TYPES: Record<string, string> = {
  png: "image/png",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** `/attachments/<channel id>/<attachment id>/<encoded name>`, the only paths that name a file. */
const FILE_PATH = /^\/attachments\/(\d{1,20})\/(\d{1,20})\/([^/\\]+)$/;

export class AttachmentStore {
  private readonly files = new Map<string, StoredFile>();
  private readonly writes = new Set<Promise<void>>();

  /** `dir`: where files are saved as well (null: memory only). */
  constructor(
    private readonly baseUrl: () => string,
    private readonly dir: string | null = null,
    private readonly logger?: LocalLogger,
  ) {}

  /** Stores an upload and returns its Discord attachment object. */
  add(channelId: string, file: UploadedFile, meta: { filename?: string; description?: string }): APIAttachment {
    const id = snowflake();
    const filename = sanitize(meta.filename || file.filename);
    const contentType = typeOf(filename);
    const path = `/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
    this.files.set(path, { data: file.data, contentType: servedType(filename) });
    this.save(path, file.data);
    const url = `${this.baseUrl()}${path}`;
    const size = imageSize(file.data);
    return {
      id,
      filename,
      ...(meta.description ? { description: meta.description } : {}),
      ...(contentType ? { content_type: contentType } : {}),
      size: file.data.length,
      url,
      proxy_url: url,
      ...(size ? { width: size.width, height: size.height } : {}),
    };
  }

  /** The file at a URL path: uploaded in this run, or saved by an earlier one. */
  async get(path: string): Promise<StoredFile | undefined> {
    const kept = this.files.get(path);
    if (kept) return kept;
    const saved = this.fileOf(path);
    if (!saved) return undefined;
    try {
      const data = await readFile(saved);
      return { data, contentType: servedType(decodeURIComponent(path.split("/").pop()!)) };
    } catch {
      return undefined;
    }
  }

  /** Resolves once every file uploaded so far is on disk. */
  async settled(): Promise<void> {
    await Promise.all(this.writes);
  }

  /**
   * Deletes saved files that no saved message refers to any more (the boards an edit replaced), as
   * Discord drops the attachments an edit removes. Only files of ids up to `newest` are looked at:
   * those uploaded since the state was loaded are not in it yet.
   */
  async prune(referenced: ReadonlySet<string>, newest: bigint): Promise<number> {
    if (!this.dir) return 0;
    let removed = 0;
    for (const channel of await readdir(this.dir).catch(() => [])) {
      for (const id of await readdir(join(this.dir, channel)).catch(() => [])) {
        if (!/^\d{1,20}$/.test(id) || BigInt(id) > newest) continue;
        const names = await readdir(join(this.dir, channel, id)).catch(() => []);
        if (names.some((name) => referenced.has(`/attachments/${channel}/${id}/${name}`))) continue;
        await rm(join(this.dir, channel, id), { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private save(path: string, data: Buffer) {
    const target = this.fileOf(path);
    if (!target) return;
    const write = writeFileAtomic(target, data)
      .catch((error) => this.logger?.warn({ err: error, path }, "local Discord could not save an attachment"))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
  }

  private fileOf(path: string): string | null {
    const match = this.dir ? FILE_PATH.exec(path) : null;
    if (!match || match[3] === "." || match[3] === "..") return null;
    return join(this.dir!, match[1], match[2], match[3]);
  }
}

/** Discord replaces spaces and path characters in upload names. */
function sanitize(name: string): string {
  return name.replace(/[\\/]/g, "_").replace(/\s+/g, "_") || "unknown";
}

/** The content type Discord gives a file of this name; undefined for an extension it does not know. */
function typeOf(filename: string): string | undefined {
  const ext = filename.includes(".") ? filename.split(".").pop()!.toLowerCase() : "";
  return EXTENSION_TYPES[ext];
}

/** The type a file is served with: by its name, the same before and after a restart. */
function servedType(filename: string): string {
  return typeOf(filename) ?? "application/octet-stream";
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
