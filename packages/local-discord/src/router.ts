// A tiny route table: "/channels/:channel/messages/:message" patterns matched on decoded path
// segments (discord.js sends "@original" as "%40original").
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalContext } from "./context.ts";
import { DiscordHttpError, methodNotAllowed, notFound, unauthorized } from "./errors.ts";
import { type RequestBody, readBody, sendDiscordError, sendJson, sendNoContent } from "./http-io.ts";
import { redactPath } from "./logger.ts";

export interface RouteRequest {
  req: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
  body(): Promise<RequestBody>;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  pattern: string;
  /** Bot routes need `Authorization: Bot <token>`; interaction and webhook routes carry none. */
  auth: boolean;
  handler(ctx: LocalContext, request: RouteRequest): Promise<RouteResult> | RouteResult;
}

export const ok = (body: unknown): RouteResult => ({ status: 200, body });
export const noContent = (): RouteResult => ({ status: 204 });

/** Matches `segments` against a pattern, returning the `:params` or null. */
export function matchPattern(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split("/").filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].startsWith(":")) params[parts[i].slice(1)] = segments[i];
    else if (parts[i] !== segments[i]) return null;
  }
  return params;
}

export function splitPath(path: string): string[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** Answers a REST request under /api/v10 from the route table, Discord-style errors included. */
export async function handleRest(
  ctx: LocalContext,
  routes: Route[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const segments = splitPath(path);
  const candidates = routes
    .map((route) => ({ route, params: matchPattern(route.pattern, segments) }))
    .filter((c): c is { route: Route; params: Record<string, string> } => c.params !== null);
  const match = candidates.find((c) => c.route.method === req.method);
  try {
    if (!match) {
      req.resume();
      if (candidates.length > 0) throw methodNotAllowed();
      const key = `${req.method} ${redactPath(path)}`;
      ctx.gaps.set(key, (ctx.gaps.get(key) ?? 0) + 1);
      ctx.logger.warn({ method: req.method, path: redactPath(path) }, "local Discord has no such endpoint (404)");
      throw notFound();
    }
    if (match.route.auth && !authorized(ctx, req)) {
      req.resume();
      throw unauthorized();
    }
    // The global limit is the bot's: every request with its token counts, on routes that take other credentials too.
    const asBot = match.route.auth || authorized(ctx, req);
    const global = asBot ? (ctx.rateLimits?.takeGlobal() ?? null) : null;
    const webhookChannel =
      match.route.method === "POST" && match.route.pattern === "/webhooks/:app/:token"
        ? ctx.interactions.byToken(match.params.token)?.channelId
        : undefined;
    const inChannel = webhookChannel ? (ctx.rateLimits?.takeWebhookMessage(webhookChannel) ?? null) : null;
    const channelRefused = inChannel?.retryAfter !== undefined ? inChannel : null;
    const rate =
      global ?? channelRefused ?? ctx.rateLimits?.take(match.route.method, match.route.pattern, match.params) ?? null;
    if (rate?.retryAfter !== undefined) {
      req.resume();
      const limited = {
        message: "You are being rate limited.",
        retry_after: Number(rate.retryAfter.toFixed(3)),
        global: global !== null,
      };
      return sendJson(res, 429, limited, rate.headers);
    }
    let body: Promise<RequestBody> | undefined;
    const result = await match.route.handler(ctx, {
      req,
      params: match.params,
      query: url.searchParams,
      body: () => {
        body ??= readBody(req, { maxFileBytes: ctx.config.maxAttachmentBytes, maxJsonBytes: 8 * 1024 * 1024 });
        return body;
      },
    });
    if (!body) req.resume();
    if (result.status === 204) sendNoContent(res, rate?.headers);
    else sendJson(res, result.status, result.body, rate?.headers);
  } catch (error) {
    if (error instanceof DiscordHttpError) return sendDiscordError(res, error);
    // Never 5xx: @discordjs/rest retries those, which would repeat side effects already applied.
    ctx.logger.error({ err: error, method: req.method, path: redactPath(path) }, "local Discord route failed");
    sendJson(res, 400, { code: 0, message: `Local Discord internal error: ${(error as Error).message}` });
  }
}

function authorized(ctx: LocalContext, req: IncomingMessage): boolean {
  const header = req.headers.authorization ?? "";
  return header === `Bot ${ctx.config.token}`;
}
