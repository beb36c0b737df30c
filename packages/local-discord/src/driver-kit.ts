// What every driver route shares: the request it gets, the refusal it throws when the Discord client
// would not send such a request, and the look-ups of users, servers, channels and locales by name.
import type { IncomingMessage, ServerResponse } from "node:http";
import { type APIApplicationCommand, Locale } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import type { DriverAnswer } from "./driver-outcome.ts";

export type Json = Record<string, unknown>;

export interface DriverRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  json: Json;
  req: IncomingMessage;
  res: ServerResponse;
}

/** A request the Discord client itself would refuse to send. */
export class DriverError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type DriverRoute = [
  method: string,
  pattern: string,
  handler: (ctx: LocalContext, r: DriverRequest) => Promise<DriverAnswer | null> | DriverAnswer | null,
];

export const answer = (body: unknown, status = 200): DriverAnswer => ({ status, body: body as Json });

export function str(json: Json, key: string, required = true): string {
  const value = json[key];
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  if (required) throw new DriverError(400, `"${key}" is required`);
  return "";
}

export function userOf(ctx: LocalContext, name: string) {
  return ctx.store.ensureUser(name).user;
}

/** The server named by `guild` (its name or id), or the first one when none is named. */
export function guildOf(ctx: LocalContext, ref: string | null | undefined) {
  if (!ref) return ctx.store.primary;
  const guild = ctx.store.findGuild(ref);
  if (!guild) throw new DriverError(404, `no server "${ref}"`);
  return guild;
}

/** A channel by id, or by name in the server named by `guild` (default: the first server). */
export function channelOf(ctx: LocalContext, ref: string, guild?: string | null) {
  const guildId = guildOf(ctx, guild).id;
  const channel = ref ? ctx.store.findChannel(ref, guildId) : ctx.store.textChannels(guildId)[0];
  if (!channel) throw new DriverError(404, `no channel "${ref}"`);
  return channel;
}

/**
 * Whether a member may see and use a command: the Discord client hides those whose
 * `default_member_permissions` they lack ("0": administrators only).
 */
export function mayUse(ctx: LocalContext, userId: string, guildId: string, command: APIApplicationCommand): boolean {
  const needed = command.default_member_permissions;
  if (needed === null || needed === undefined) return true;
  const bits = BigInt(needed);
  const has = ctx.store.permissions(userId, undefined, guildId);
  const all = ctx.store.permissions(ctx.store.guild(guildId).ownerId, undefined, guildId);
  return bits === 0n ? has === all : (has & bits) === bits;
}

/** The locales Discord knows (`Locale` in discord-api-types); anything else is refused. */
export function locale(value: string): string {
  if (!(Object.values(Locale) as string[]).includes(value)) {
    throw new DriverError(400, `"${value}" is not a Discord locale (e.g. en-US, fr, pt-BR)`);
  }
  return value;
}

/** The `locale` of this call, else the user's (set with POST /local/users), else en-US. */
export function localeFor(ctx: LocalContext, json: Json, userId: string): string {
  return typeof json.locale === "string" ? locale(json.locale) : ctx.store.localeOf(userId);
}
