// The Activity's origin, as https://<app id>.discordsays.com is on Discord: its own port, which proxies
// every request and WebSocket upgrade to the application's URL mapping target, with Discord's rule
// for the `/.proxy` prefix (`/.proxy/<path>` → target `/<path>`; any other path → target `/<path>`).
// `/.local-discord/*` is the local Discord's own: what the Discord client answers for the SDK
// (`authorize` mints a code; `users/@me` stands in for `authenticate`).
//
// Written on node's http rather than a proxy library (http-proxy-3 was the candidate): the whole
// proxy is one request pipe and one upgrade pipe with a path rewrite, about 40 lines; a library would
// add options (x-forwarded headers, cookie and redirect rewriting) that Discord's proxy does not
// apply and that would have to be turned off one by one.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { LocalContext } from "./context.ts";
import { readBody, sendJson } from "./http-io.ts";
import { OAuthError } from "./oauth2.ts";

/** Headers that belong to one hop, not to the request (RFC 9110 7.6.1); `host` is the target's. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/**
 * Where a path on the Activity's origin goes: the mapping target with `/.proxy` stripped, or null when
 * there is no mapping (or Activities are off) and Discord would answer 404.
 */
export function mappedUrl(ctx: LocalContext, rawPath: string): URL | null {
  const target = ctx.activity.target;
  if (!ctx.activity.enabled || target === null) return null;
  const url = new URL(rawPath, "http://activity.invalid");
  let path = url.pathname;
  if (path === "/.proxy" || path.startsWith("/.proxy/")) path = path.slice("/.proxy".length) || "/";
  return new URL(`${target}${path}${url.search}`);
}

function forwardHeaders(req: IncomingMessage, target: URL, keepUpgrade: boolean): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(name) && !(keepUpgrade && (name === "connection" || name === "upgrade"))) continue;
    headers[name] = value;
  }
  headers.host = target.host;
  return headers;
}

function proxyRequest(ctx: LocalContext, req: IncomingMessage, res: ServerResponse): void {
  const target = mappedUrl(ctx, req.url ?? "/");
  if (!target) {
    req.resume();
    sendJson(res, 404, { code: 0, message: "404: Not Found" });
    return;
  }
  const upstream = request(target, { method: req.method, headers: forwardHeaders(req, target, false) }, (answer) => {
    const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers as Record<string, string | string[]>);
    answer.pipe(res);
  });
  upstream.on("error", (error) => {
    ctx.logger.warn({ err: error, target: target.href }, "activity proxy: the target did not answer");
    if (!res.headersSent) sendJson(res, 502, { code: 0, message: "502: Bad Gateway" });
    else res.destroy();
  });
  req.pipe(upstream);
}

/** A WebSocket (any upgrade) through the mapping: the target's 101 goes back, then bytes flow both ways. */
function proxyUpgrade(ctx: LocalContext, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const target = mappedUrl(ctx, req.url ?? "/");
  if (!target) {
    socket.end("HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    return;
  }
  const statusLine = (code: number | undefined, message: string | undefined, raw: string[]) => {
    let text = `HTTP/1.1 ${code} ${message}\r\n`;
    for (let i = 0; i < raw.length; i += 2) text += `${raw[i]}: ${raw[i + 1]}\r\n`;
    return `${text}\r\n`;
  };
  const upstream = request(target, { method: req.method, headers: forwardHeaders(req, target, true) });
  upstream.on("upgrade", (answer, upstreamSocket, upstreamHead) => {
    socket.write(statusLine(answer.statusCode, answer.statusMessage, answer.rawHeaders));
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    upstreamSocket.on("error", () => socket.destroy());
    socket.on("error", () => upstreamSocket.destroy());
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
  });
  // The target refused the upgrade: its answer goes back as it is.
  upstream.on("response", (answer) => {
    socket.write(statusLine(answer.statusCode, answer.statusMessage, answer.rawHeaders));
    answer.pipe(socket);
  });
  upstream.on("error", () => socket.end("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"));
  upstream.end();
}

/** POST /.local-discord/authorize and GET /.local-discord/users/@me: what the Discord client does for the SDK. */
async function localRoute(ctx: LocalContext, req: IncomingMessage, res: ServerResponse, path: string) {
  if (path === "/.local-discord/authorize" && req.method === "POST") {
    const { json } = await readBody(req, { maxFileBytes: 1, maxJsonBytes: 64 * 1024 });
    const body = (json ?? {}) as Record<string, unknown>;
    try {
      return sendJson(res, 200, { code: authorize(ctx, body) });
    } catch (error) {
      if (error instanceof OAuthError) return sendJson(res, error.status, error.body);
      throw error;
    }
  }
  req.resume();
  if (path === "/.local-discord/users/@me" && req.method === "GET") {
    const userId = ctx.oauth2.userFor(req.headers.authorization, "identify");
    const user = userId ? ctx.store.users.get(userId) : undefined;
    if (!user) return sendJson(res, 401, { code: 0, message: "401: Unauthorized" });
    return sendJson(res, 200, user);
  }
  sendJson(res, 404, { code: 0, message: "404: Not Found" });
}

/**
 * The Discord client's side of `authorize`: only for an application with Activities enabled, only for a
 * person who exists, and (when the page names its instance) only for a user inside that instance.
 * The Discord client would also ask the user to consent; the local Discord takes consent as given.
 */
export function authorize(ctx: LocalContext, body: Record<string, unknown>): string {
  if (!ctx.activity.enabled) throw new OAuthError(400, "invalid_request", "Activities are not enabled.");
  const user = typeof body.user_id === "string" ? ctx.store.users.get(body.user_id) : undefined;
  if (!user || user.bot) throw new OAuthError(400, "invalid_request", "Unknown user_id.");
  const scope = body.scope ?? body.scopes;
  const scopes = Array.isArray(scope) ? scope.map(String) : typeof scope === "string" ? scope.split(" ") : [];
  if (typeof body.instance_id === "string" && !ctx.activity.get(body.instance_id)?.users.includes(user.id)) {
    throw new OAuthError(400, "invalid_request", "The user is not in that activity instance.");
  }
  return ctx.oauth2.mintCode({ clientId: String(body.client_id ?? ""), userId: user.id, scopes });
}

export interface ActivityHost {
  server: Server;
  /** Stops listening and ends every open request and WebSocket tunnel. */
  close(): Promise<void>;
}

export function createActivityHost(ctx: LocalContext): ActivityHost {
  // Upgraded sockets leave the HTTP server's bookkeeping: closing must end them itself.
  const tunnels = new Set<Duplex>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://activity.invalid").pathname;
    if (!path.startsWith("/.local-discord/")) return proxyRequest(ctx, req, res);
    localRoute(ctx, req, res, path).catch((error) => {
      ctx.logger.error({ err: error }, "local Discord activity route failed");
      if (!res.headersSent) sendJson(res, 400, { code: 0, message: "Local Discord internal error" });
      else res.end();
    });
  });
  server.on("upgrade", (req, socket, head) => {
    const path = new URL(req.url ?? "/", "http://activity.invalid").pathname;
    if (path.startsWith("/.local-discord/")) return socket.destroy();
    tunnels.add(socket);
    socket.on("close", () => tunnels.delete(socket));
    proxyUpgrade(ctx, req, socket, head);
  });
  return {
    server,
    close: () => {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
