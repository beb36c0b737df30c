// REST for an Activity: the OAuth2 token exchange, GET /users/@me for the bot (Bot token) or for a
// signed-in user (Bearer token with `identify`), and the activity instance.
import type { IncomingMessage } from "node:http";
import type { LocalContext } from "./context.ts";
import { notFound, unauthorized, unknownApplication } from "./errors.ts";
import { basicCredentials, OAuthError } from "./oauth2.ts";
import { ok, type Route, type RouteResult } from "./router.ts";
import { checkPathSnowflakes } from "./spec-validate.ts";

const FORM = "application/x-www-form-urlencoded";

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= 64 * 1024) chunks.push(chunk as Buffer);
  }
  if (size > 64 * 1024) return null;
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

async function tokenExchange(ctx: LocalContext, req: IncomingMessage): Promise<RouteResult> {
  try {
    // Discord's token endpoint takes only form-encoded bodies (as RFC 6749 prescribes), never JSON.
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (type !== FORM) {
      req.resume();
      throw new OAuthError(400, "invalid_request", `The body must be ${FORM}.`);
    }
    const form = await readForm(req);
    if (!form) throw new OAuthError(400, "invalid_request", "The body is too large.");
    return ok(ctx.oauth2.exchange(form, basicCredentials(req.headers.authorization)));
  } catch (error) {
    if (error instanceof OAuthError) return { status: error.status, body: error.body };
    throw error;
  }
}

export const activityRoutes: Route[] = [
  { method: "POST", pattern: "/oauth2/token", auth: false, handler: (ctx, { req }) => tokenExchange(ctx, req) },
  {
    method: "GET",
    pattern: "/users/@me",
    // Either credential: the bot's token gives the bot, a bearer token with `identify` its user.
    auth: false,
    handler: (ctx, { req }) => {
      if (req.headers.authorization === `Bot ${ctx.config.token}`) return ok(ctx.store.bot);
      const userId = ctx.oauth2.userFor(req.headers.authorization, "identify");
      const user = userId ? ctx.store.users.get(userId) : undefined;
      if (!user) throw unauthorized();
      // With `identify`, Discord's user carries the language their client is set to.
      return ok({ ...user, locale: ctx.store.localeOf(user.id) });
    },
  },
  {
    method: "GET",
    pattern: "/applications/:app/activity-instances/:instance",
    auth: true,
    handler: (ctx, { params }) => {
      checkPathSnowflakes(params, ["app"]);
      if (params.app !== ctx.config.applicationId) throw unknownApplication();
      const instance = ctx.activity.get(params.instance);
      if (!instance) throw notFound();
      return ok(instance);
    },
  },
];
