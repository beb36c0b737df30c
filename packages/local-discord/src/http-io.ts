// Reading request bodies (JSON or Discord-style multipart) and writing Discord-shaped answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import busboy from "busboy";
import { DiscordHttpError, entityTooLarge, invalidJson } from "./errors.ts";

export interface UploadedFile {
  /** The index n of the `files[n]` field, which `attachments[].id` refers to. */
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface RequestBody {
  json: unknown;
  files: UploadedFile[];
}

export interface BodyLimits {
  /** Largest single file accepted (Discord's default upload limit is 10 MiB). */
  maxFileBytes: number;
  /** Largest JSON document accepted. */
  maxJsonBytes: number;
}

/** Reads a JSON or multipart/form-data body (`payload_json` + `files[n]`) completely. */
export async function readBody(req: IncomingMessage, limits: BodyLimits): Promise<RequestBody> {
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) return readMultipart(req, limits);
  const raw = await readRaw(req, limits.maxJsonBytes);
  if (raw.length === 0) return { json: undefined, files: [] };
  return { json: parseJson(raw.toString("utf8")), files: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

async function readRaw(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Keep draining so the client gets our answer instead of a reset connection.
    if (size > max) tooLarge = true;
    else chunks.push(chunk as Buffer);
  }
  if (tooLarge) throw entityTooLarge();
  return Buffer.concat(chunks);
}

function readMultipart(req: IncomingMessage, limits: BodyLimits): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: limits.maxFileBytes, fieldSize: limits.maxJsonBytes },
      });
    } catch (error) {
      reject(new DiscordHttpError(400, { code: 50035, message: `Invalid Form Body: ${(error as Error).message}` }));
      return;
    }
    const files: UploadedFile[] = [];
    let payload: string | undefined;
    let tooLarge = false;
    parser.on("field", (name, value) => {
      if (name === "payload_json") payload = value;
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        tooLarge = true;
      });
      stream.on("end", () => {
        const match = /^files\[(\d+)\]$/.exec(name) ?? /^file(\d*)$/.exec(name);
        const index = match ? Number(match[1] || 0) : files.length;
        files.push({
          index,
          filename: info.filename ?? `file${index}`,
          contentType: info.mimeType,
          data: Buffer.concat(chunks),
        });
      });
    });
    parser.on("error", (error) => reject(new DiscordHttpError(400, { code: 50035, message: String(error) })));
    // busboy finishes files before `close`, and discord.js sends payload_json last.
    parser.on("close", () => {
      if (tooLarge) return reject(entityTooLarge());
      try {
        resolve({ json: payload === undefined ? undefined : parseJson(payload), files });
      } catch (error) {
        reject(error);
      }
    });
    req.pipe(parser);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendNoContent(res: ServerResponse, headers: Record<string, string> = {}) {
  res.writeHead(204, headers);
  res.end();
}

export function sendDiscordError(res: ServerResponse, error: DiscordHttpError) {
  sendJson(res, error.status, error.body);
}
