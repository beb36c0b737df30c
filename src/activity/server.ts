/**
 * The Activity's server in the bot (ACTIVITY_PORT): Discord's proxy maps the Activity's origin here
 * (`https://<application>.discordsays.com/` → this server's `/`, `/.proxy/<path>` → `/<path>`). It serves
 * the page (`/`, `/main.js`, `/style.css`), `POST /api/token` (the sign-in's code exchanged for an access
 * token with the client secret, which stays here), and the game protocol on the WebSocket `/ws`
 * (core/protocol.ts; one `Session` per connection). The `ws` package speaks WebSocket: the protocol's
 * framing, masking and close handshake are not worth writing again.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { App } from "../interactions/context.ts";
import type { Logger } from "../logger.ts";
import type { DiscordSide } from "./actions.ts";
import { loadPage, type PageFiles } from "./page-files.ts";
import { Session } from "./session.ts";
import { discordOAuth, type OAuth, SignInRefused } from "./sign-in.ts";
import { Viewers } from "./viewers.ts";

export interface ActivityServerOptions {
  readonly app: App;
  readonly discord: DiscordSide;
  readonly oauth: OAuth;
  /** The application's id (the OAuth2 client id), which the page's `authorize` names: no secret. */
  readonly clientId: () => string | null;
  readonly logger: Logger;
  /** 0: any free port. */
  readonly port: number;
  readonly host?: string;
}

export interface ActivityServer {
  readonly url: string;
  readonly port: number;
  /** Viewers connected now, for tests and the figures. */
  readonly viewers: number;
  close(): Promise<void>;
}

/** The largest request body read (a code is a few dozen characters). */
const MAX_BODY = 4096;

async function readBody(request: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

/**
 * A request's path, `/.proxy` taken off: Discord's proxy takes it off before the request reaches the bot,
 * and the page, served straight from the bot (a test, a look without Discord), asks for the same paths.
 */
function pathOf(request: IncomingMessage): string {
  const path = new URL(request.url ?? "/", "http://activity").pathname;
  return path.startsWith("/.proxy/") ? path.slice("/.proxy".length) : path;
}

/** The bot's Activity server, signing players in at Discord's OAuth2 endpoints (`apiUrl`) with the client secret. */
export function startDiscordActivity(
  settings: { readonly port: number; readonly host?: string; readonly clientSecret: string },
  apiUrl: string,
  options: Omit<ActivityServerOptions, "oauth" | "port" | "host">,
): Promise<ActivityServer> {
  const { clientSecret, ...where } = settings;
  const oauth = discordOAuth({ apiUrl, clientId: options.clientId, clientSecret });
  return startActivityServer({ ...options, ...where, oauth });
}

export async function startActivityServer(options: ActivityServerOptions): Promise<ActivityServer> {
  const { app, logger, oauth } = options;
  const viewers = new Viewers(app, logger);
  let page: Promise<PageFiles> | null = null;
  const sessions = new Set<Session>();

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    let code: unknown = null;
    try {
      code = text ? (JSON.parse(text) as { code?: unknown }).code : null;
    } catch {
      // not JSON: refused below
    }
    if (typeof code !== "string" || code.length === 0 || code.length > 200)
      return json(response, 400, { error: "invalid_request" });
    try {
      json(response, 200, { access_token: await oauth.exchange(code) });
    } catch (err) {
      if (err instanceof SignInRefused) return json(response, 401, { error: "invalid_grant" });
      logger.error({ err }, "the Activity's token exchange failed");
      json(response, 502, { error: "exchange_failed" });
    }
  }

  async function serveFile(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    page ??= loadPage();
    let files: PageFiles;
    try {
      files = await page;
    } catch (err) {
      page = null;
      logger.error({ err }, "the Activity's page could not be built");
      response.writeHead(503).end();
      return;
    }
    const file = files.get(path === "/index.html" ? "/" : path);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    response.writeHead(200, {
      "content-type": file.type,
      // The HTML names the script without a version: both are checked again on each load.
      "cache-control": "no-cache",
      ...(gzip && { "content-encoding": "gzip" }),
      vary: "accept-encoding",
    });
    response.end(request.method === "HEAD" ? undefined : gzip ? file.gzip : file.body);
  }

  const server: Server = createServer((request, response) => {
    const path = pathOf(request);
    if (path === "/api/config" && request.method === "GET") {
      const clientId = options.clientId();
      return clientId ? json(response, 200, { clientId }) : json(response, 503, { error: "not_ready" });
    }
    if (path === "/api/token" && request.method === "POST") {
      void token(request, response).catch((err) => {
        logger.error({ err }, "the Activity's token request failed");
        if (!response.headersSent) response.writeHead(500).end();
      });
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405).end();
      return;
    }
    void serveFile(request, response, path);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  server.on("upgrade", (request, socket, head) => {
    if (pathOf(request) !== "/ws") {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const session = new Session(ws, { app, discord: options.discord, oauth, viewers, logger });
      sessions.add(session);
      ws.on("close", () => sessions.delete(session));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  logger.info({ url }, "Activity server listening");
  return {
    url,
    port,
    get viewers() {
      return viewers.count;
    },
    async close() {
      viewers.close();
      for (const session of sessions) session.close();
      sockets.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections would hold the close: nothing more is served.
      server.closeAllConnections();
      await closed;
    },
  };
}
