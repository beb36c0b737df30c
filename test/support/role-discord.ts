/**
 * A stand-in for the three Discord requests the role keeper makes (read a member, give a role, take it), over
 * members and their roles in any server, answering as Discord does: Unknown Member (10007) for someone not in
 * the server, or the refusal it is told to give. Every request is written down in `calls`.
 */
import { DiscordAPIError, type REST } from "discord.js";
import { RoleKeeper } from "../../src/competition/jobs/role-keeper.ts";
import { OUTBOX_KINDS } from "../../src/discord/due-jobs.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { outboxJob } from "../../src/discord/outbox-sender.ts";
import type { App } from "../../src/interactions/context.ts";
import type { Logger } from "../../src/logger.ts";

const ROUTE = /^\/guilds\/(\d+)\/members\/(\d+)(?:\/roles\/(\d+))?$/;

function apiError(code: number, status: number, method: string, url: string): DiscordAPIError {
  return new DiscordAPIError({ code, message: `stand-in ${code}` }, code, status, method, url, {});
}

export class RoleDiscord {
  /** "guild:user" to the member's roles; a member not here has left (or never joined). */
  private readonly members = new Map<string, Set<string>>();
  /** "GET user", "PUT user role", "DELETE user role" (the server left out), in order. */
  readonly calls: string[] = [];
  /** Discord's code for every change of `roleId` (of any role without it) while set (50013 Missing Permissions…). */
  refuse: { readonly code: number; readonly roleId?: string } | null = null;
  /** Run while a change is under way (before Discord answers it), with the call's text. */
  during: ((call: string) => void) | null = null;

  member(guildId: string, userId: string, ...roles: string[]): void {
    this.members.set(`${guildId}:${userId}`, new Set(roles));
  }

  roles(guildId: string, userId: string): string[] {
    return [...(this.members.get(`${guildId}:${userId}`) ?? [])].sort();
  }

  readonly rest: Pick<REST, "get" | "put" | "delete"> = {
    get: async (route) => {
      const { roles } = await this.request("GET", route);
      return { roles: [...roles] };
    },
    put: async (route) => {
      const { roles, roleId } = await this.request("PUT", route);
      roles.add(roleId!);
      return undefined;
    },
    delete: async (route) => {
      const { roles, roleId } = await this.request("DELETE", route);
      roles.delete(roleId!);
      return undefined;
    },
  };

  /** Answered on a later turn of the event loop, as a request over the network is. */
  private async request(method: string, route: string): Promise<{ roles: Set<string>; roleId: string | undefined }> {
    const match = ROUTE.exec(route);
    if (!match) throw new Error(`the stand-in does not know ${method} ${route}`);
    const [, guildId, userId, roleId] = match;
    const call = [method, userId, roleId].filter(Boolean).join(" ");
    this.calls.push(call);
    await new Promise((resolve) => setImmediate(resolve));
    if (roleId) this.during?.(call);
    const refuse = this.refuse;
    if (roleId && refuse && (refuse.roleId ?? roleId) === roleId) throw apiError(refuse.code, 403, method, route);
    const roles = this.members.get(`${guildId}:${userId}`);
    if (!roles) throw apiError(10007, 404, method, route);
    return { roles, roleId };
  }
}

/** What the keeper's refusal reports posted, by channel (sent by the outbox, as the scheduler sends them). */
export interface Posted {
  readonly channelId: string;
  readonly content: string;
}

/**
 * A role keeper over `app` and the stand-in, with what it posted and logged: its refusal reports are written to
 * the outbox, and `sent()` runs the outbox's sender (src/discord/outbox-sender.ts) as a sweep would.
 */
export function standInKeeper(app: App, discord: RoleDiscord) {
  const posted: Posted[] = [];
  const logged: unknown[] = [];
  const log = (o: unknown) => void logged.push(o);
  const logger = { error: log, warn: log, info() {}, debug() {} } as unknown as Logger;
  const messenger: Messenger = {
    send: async (channelId, reply) => {
      posted.push({ channelId, content: reply.content });
      return String(posted.length);
    },
    edit: async () => {},
    direct: async () => null,
    remove: async () => {},
  };
  let decided = 0;
  const keeper = new RoleKeeper(app, discord.rest, logger, undefined, () => decided++);
  const job = outboxJob(OUTBOX_KINDS);
  const sent = async () => {
    await job.run({ app, messenger, logger, unpostedUntil: 0, startedAt: 0 });
  };
  return { keeper, posted, logged, sent, decided: () => decided };
}
