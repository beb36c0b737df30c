// REST: application commands, global and guild-scoped (bulk overwrite, create, list, get, delete).

import type { LocalContext } from "./context.ts";
import { missingAccess, unknownApplication, unknownCommand } from "./errors.ts";
import { noContent, ok, type Route, type RouteRequest } from "./router.ts";

/** Checks the application (and guild) in the path; returns the scope (null = global). */
function scope(ctx: LocalContext, params: RouteRequest["params"]): string | null {
  if (params.app !== ctx.config.applicationId) throw unknownApplication();
  if (params.guild === undefined) return null;
  if (!ctx.store.guilds.has(params.guild)) throw missingAccess();
  return params.guild;
}

function routesFor(base: string): Route[] {
  return [
    { method: "GET", pattern: base, auth: true, handler: (ctx, r) => ok(ctx.commands.list(scope(ctx, r.params))) },
    {
      method: "PUT",
      pattern: base,
      auth: true,
      handler: async (ctx, r) => {
        const where = scope(ctx, r.params);
        return ok(ctx.commands.overwrite(where, (await r.body()).json));
      },
    },
    {
      method: "POST",
      pattern: base,
      auth: true,
      handler: async (ctx, r) => {
        const where = scope(ctx, r.params);
        return { status: 201, body: ctx.commands.upsert(where, (await r.body()).json) };
      },
    },
    {
      method: "GET",
      pattern: `${base}/:command`,
      auth: true,
      handler: (ctx, r) => {
        const command = ctx.commands.list(scope(ctx, r.params)).find((c) => c.id === r.params.command);
        if (!command) throw unknownCommand();
        return ok(command);
      },
    },
    {
      method: "DELETE",
      pattern: `${base}/:command`,
      auth: true,
      handler: (ctx, r) => {
        if (!ctx.commands.remove(scope(ctx, r.params), r.params.command)) throw unknownCommand();
        return noContent();
      },
    },
  ];
}

export const commandRoutes: Route[] = [
  ...routesFor("/applications/:app/commands"),
  ...routesFor("/applications/:app/guilds/:guild/commands"),
];
