/**
 * Discord's HTTP interactions endpoint (the application's "Interactions Endpoint URL"), served with
 * node:http when DISCORD_PUBLIC_KEY is set. Every request's Ed25519 signature is verified with
 * node:crypto over `X-Signature-Timestamp + raw body` against the application's public key; a bad
 * or missing signature is refused with 401 (Discord sends such requests on purpose and removes an
 * endpoint that accepts them). PING (type 1) is answered PONG (`{"type":1}`).
 *
 * Every other interaction goes through the same path as a gateway one. discord.js cannot receive
 * HTTP interactions itself, so the raw payload is handed to the client's own action handler,
 * `client.actions.InteractionCreate.handle`, which is exactly what its gateway handler for
 * INTERACTION_CREATE does: the same interaction classes are built from the same JSON and the same
 * `interactionCreate` event reaches the one router. That is an internal discord.js API (stable
 * through v14, but not documented), chosen over a hand-made copy of its interaction classes.
 *
 * The router then answers as always, through the callback endpoint
 * (`POST /interactions/<id>/<token>/callback`, also how `withResponse` gets the new message's id);
 * Discord's contract for that case is: "If you send this request for an interaction received over
 * HTTP, respond to the original HTTP request with a 202 and no body" (Receiving and Responding,
 * Interaction Callback). So the HTTP request is held until discord.js has the callback's answer and
 * then answered 202; a bot that did not acknowledge within Discord's 3 seconds gets 503 instead.
 */
import { createPublicKey, type KeyObject, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Client, RESTEvents } from "discord.js";
import type { Logger } from "../logger.ts";

/** DER prefix of an Ed25519 SubjectPublicKeyInfo: the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
/** Interaction payloads are a few kilobytes; anything far larger is not from Discord. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Discord's window for the initial response. */
export const ACK_WINDOW_MS = 3_000;
/** The path the endpoint answers on (the Interactions Endpoint URL ends with it). */
export const INTERACTIONS_PATH = "/interactions";

/** The application's public key (64 hex digits, as the Developer Portal shows it) as a key object. */
export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error("an Ed25519 public key is 64 hexadecimal digits");
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, "hex")]),
    format: "der",
    type: "spki",
  });
}

/** Whether `signature` (hex) signs `timestamp + body` with `key`; false for anything missing or malformed. */
export function signatureValid(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
): boolean {
  if (!signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, "utf8"), body]), key, Buffer.from(signature, "hex"));
  } catch {
    return false;
  }
}

export interface InteractionsServerOptions {
  readonly client: Client;
  /** The application's public key, 64 hex digits. */
  readonly publicKey: string;
  readonly port: number;
  readonly host?: string;
  readonly logger: Logger;
}

export interface InteractionsServer {
  /** The endpoint's URL (http://host:port/interactions). */
  readonly url: string;
  close(): Promise<void>;
}

/** discord.js's action handlers (typed `private actions: unknown` in its typings). */
interface DiscordJsActions {
  readonly actions: { readonly InteractionCreate: { handle(data: unknown): void } };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Waits for discord.js's answer to the callback of interaction `id` (whatever its status: Discord
 * has then seen the acknowledgement or refused it). Resolves false after `ms` without one.
 */
function callbackAnswered(client: Client, id: string, ms: number): Promise<boolean> {
  const marker = `/interactions/${id}/`;
  return new Promise((resolve) => {
    const done = (answered: boolean) => {
      clearTimeout(timer);
      client.rest.off(RESTEvents.Response, onResponse);
      resolve(answered);
    };
    const onResponse = (request: { path: string }) => {
      if (String(request.path).includes(marker)) done(true);
    };
    const timer = setTimeout(() => done(false), ms);
    client.rest.on(RESTEvents.Response, onResponse);
  });
}

export async function serveInteractions(options: InteractionsServerOptions): Promise<InteractionsServer> {
  const { client, logger } = options;
  const key = publicKeyFromHex(options.publicKey);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== INTERACTIONS_PATH) {
      req.resume();
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (req.method !== "POST") {
      req.resume();
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    void (async () => {
      const body = await readBody(req);
      if (!body) return void res.writeHead(413).end();
      const signed = signatureValid(
        key,
        header(req, "x-signature-ed25519"),
        header(req, "x-signature-timestamp"),
        body,
      );
      if (!signed) {
        logger.warn({ remote: req.socket.remoteAddress }, "interaction refused: bad or missing signature");
        return void res.writeHead(401, { "content-type": "text/plain" }).end("invalid request signature\n");
      }
      let interaction: { id?: unknown; type?: unknown };
      try {
        interaction = JSON.parse(body.toString("utf8"));
      } catch {
        return void res.writeHead(400).end();
      }
      if (interaction.type === 1) {
        return void res.writeHead(200, { "content-type": "application/json" }).end('{"type":1}');
      }
      if (typeof interaction.id !== "string") return void res.writeHead(400).end();
      const answered = callbackAnswered(client, interaction.id, ACK_WINDOW_MS);
      // The gateway's own path into discord.js (see the comment at the top of this file).
      (client as unknown as DiscordJsActions).actions.InteractionCreate.handle(interaction);
      if (await answered) res.writeHead(202).end();
      else {
        logger.warn({ interaction: interaction.id }, "HTTP interaction not acknowledged within 3 seconds");
        res.writeHead(503).end();
      }
    })().catch((err: unknown) => {
      logger.error({ err }, "HTTP interaction failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${address.port}${INTERACTIONS_PATH}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
