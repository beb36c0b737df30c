/**
 * What Nickar needs in a channel to run games there, and how a missing permission is explained.
 * The bot posts boards, notices and series games as channel messages (not only interaction
 * answers), so it needs to see the channel, send messages and attach the board images.
 */
import { PermissionFlagsBits } from "discord-api-types/v10";
import { UserError } from "../errors.ts";
import type { HandlerContext } from "./context.ts";

export interface ChannelNeed {
  readonly bit: bigint;
  /** The permission's name in Discord's settings. */
  readonly name: string;
  /** What the bot cannot do without it: "I can't <cant> #games". */
  readonly cant: string;
}

/** In the order they are explained (without View Channel the others do not matter yet). */
export const CHANNEL_NEEDS: readonly ChannelNeed[] = [
  { bit: PermissionFlagsBits.ViewChannel, name: "View Channel", cant: "see" },
  { bit: PermissionFlagsBits.SendMessages, name: "Send Messages", cant: "send messages in" },
  { bit: PermissionFlagsBits.AttachFiles, name: "Attach Files", cant: "attach images in" },
];

/** Every permission Nickar asks for when it is invited (see `npm run invite-url`). */
export const INVITE_PERMISSIONS: bigint = CHANNEL_NEEDS.reduce((all, need) => all | need.bit, 0n);

/** The needs `permissions` lacks (none when the permissions are unknown). */
export function missingNeeds(permissions: bigint | null): ChannelNeed[] {
  if (permissions === null) return [];
  return CHANNEL_NEEDS.filter((need) => (permissions & need.bit) === 0n);
}

/** "I can't attach images in #games: give Nickar the Attach Files permission there." and so on, one line each. */
export function explainMissing(missing: readonly ChannelNeed[], channelId: string): string {
  return missing
    .map((need) => `I can't ${need.cant} <#${channelId}>: give Nickar the **${need.name}** permission there.`)
    .join("\n");
}

/**
 * Refuses, in plain words, to start a game or post in the channel of `ctx` while the bot lacks a
 * permission there (from the interaction's `app_permissions`).
 */
export function requireChannelPermissions(ctx: HandlerContext): void {
  const missing = missingNeeds(ctx.appPermissions);
  if (missing.length > 0) throw new UserError("permissions/missing", explainMissing(missing, ctx.channelId));
}
