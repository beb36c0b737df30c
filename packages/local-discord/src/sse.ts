// Server-Sent Events for the playground: message create/update/delete (ephemeral ones only to
// the user they belong to), new and changed users, members' roles and the roles themselves, command
// updates, changes to a user's unread pings, the bot's connection state, the playground's clock and
// the Activity opening or closing for the user.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIMessage } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import type { LocalEventMap } from "./events.ts";

type Handlers = { [K in keyof LocalEventMap]?: (...args: LocalEventMap[K]) => void };

export function serveEvents(ctx: LocalContext, req: IncomingMessage, res: ServerResponse, asUserId: string | null) {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const forMessages = (event: string) => (message: APIMessage, visibleTo: string | null) => {
    if (visibleTo === null || visibleTo === asUserId) send(event, message);
  };
  const handlers: Handlers = {
    messageCreate: forMessages("messageCreate"),
    messageUpdate: forMessages("messageUpdate"),
    messageDelete: forMessages("messageDelete"),
    userCreate: (user) => send("userCreate", user),
    userUpdate: (user) => send("userUpdate", user),
    commandsUpdate: () => send("commandsUpdate", {}),
    memberUpdate: (guildId, userId) =>
      send("memberUpdate", {
        guildId,
        userId,
        roles: ctx.store
          .memberRoles(userId, guildId)
          .map((r) => ({ id: r.id, name: r.name, color: r.color, position: r.position })),
      }),
    roleCreate: (guildId, role) => send("roleUpdate", { guildId, role }),
    roleUpdate: (guildId, role) => send("roleUpdate", { guildId, role }),
    pingsUpdate: (userId, unread) => send("pingsUpdate", { userId, unread }),
    botStatus: (online) => send("botStatus", { online }),
    clockUpdate: (offsetMs) => send("clockUpdate", { offsetMs, now: ctx.clock.now() }),
    // Only the client of the user who launched (or closed) the Activity opens (or closes) its panel.
    activityLaunch: (instance, userId) => {
      if (userId === asUserId) send("activityLaunch", { instance, userId, activityUrl: ctx.activityUrl() });
    },
    activityClose: (instanceId, userId) => {
      if (userId === asUserId) send("activityClose", { instanceId, userId });
    },
  };
  const entries = Object.entries(handlers) as [keyof LocalEventMap, (...args: unknown[]) => void][];
  for (const [event, handler] of entries) ctx.events.on(event, handler);
  // Proxies drop idle streams; a comment line every 15 s keeps it open.
  const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
  keepAlive.unref();
  // A restarted local Discord is found again within a second (the browser's default wait is 3 s).
  res.write("retry: 1000\n\n");
  send("hello", { as: asUserId, botConnected: ctx.gateway.isBotOnline(), clockOffsetMs: ctx.clock.offsetMs });
  const stop = () => {
    clearInterval(keepAlive);
    for (const [event, handler] of entries) ctx.events.off(event, handler);
  };
  req.on("close", stop);
  res.on("close", stop);
}
