// Server-Sent Events for the playground: message create/update/delete (ephemeral ones only to
// the user they belong to), new users, command updates and changes to a user's unread pings.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIMessage } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";

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
  const handlers = {
    messageCreate: forMessages("messageCreate"),
    messageUpdate: forMessages("messageUpdate"),
    messageDelete: forMessages("messageDelete"),
    userCreate: (user: unknown) => send("userCreate", user),
    commandsUpdate: () => send("commandsUpdate", {}),
    pingsUpdate: (userId: string, unread: number) => send("pingsUpdate", { userId, unread }),
  };
  ctx.events.on("messageCreate", handlers.messageCreate);
  ctx.events.on("messageUpdate", handlers.messageUpdate);
  ctx.events.on("messageDelete", handlers.messageDelete);
  ctx.events.on("userCreate", handlers.userCreate);
  ctx.events.on("commandsUpdate", handlers.commandsUpdate);
  ctx.events.on("pingsUpdate", handlers.pingsUpdate);
  // Proxies drop idle streams; a comment line every 15 s keeps it open.
  const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
  keepAlive.unref();
  send("hello", { as: asUserId });
  const stop = () => {
    clearInterval(keepAlive);
    ctx.events.off("messageCreate", handlers.messageCreate);
    ctx.events.off("messageUpdate", handlers.messageUpdate);
    ctx.events.off("messageDelete", handlers.messageDelete);
    ctx.events.off("userCreate", handlers.userCreate);
    ctx.events.off("commandsUpdate", handlers.commandsUpdate);
    ctx.events.off("pingsUpdate", handlers.pingsUpdate);
  };
  req.on("close", stop);
  res.on("close", stop);
}
