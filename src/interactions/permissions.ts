/**
 * What Nickar needs in a channel to run games there, and how a missing permission is explained.
 * The bot posts boards, notices and series games as channel messages (not only interaction
 * answers), so it needs to see the channel, send messages and attach the board images.
 */
import { PermissionFlagsBits } from "discord-api-types/v10";
import { UserError } from "../errors.ts";
import { channel, list, type MessageKey, term } from "../i18n/index.ts";
import type { HandlerContext } from "./context.ts";

export interface ChannelNeed {
  readonly bit: bigint;
  /** The permission's name in Discord's settings, in English (the invite tool's list). */
  readonly name: string;
  /** The same name as Discord shows it in the reader's language. */
  readonly nameKey: MessageKey;
  /** What the bot cannot do without it: "I can't attach images in #games: give Nickar…". */
  readonly missing: MessageKey;
}

/** In the order they are explained (without View Channel the others do not matter yet). */
export const CHANNEL_NEEDS: readonly ChannelNeed[] = [
  {
    bit: PermissionFlagsBits.ViewChannel,
    name: "View Channel",
    nameKey: "notices:permission.viewChannel",
    missing: "errors:permissions/line-view",
  },
  {
    bit: PermissionFlagsBits.SendMessages,
    name: "Send Messages",
    nameKey: "notices:permission.sendMessages",
    missing: "errors:permissions/line-send",
  },
  {
    bit: PermissionFlagsBits.AttachFiles,
    name: "Attach Files",
    nameKey: "notices:permission.attachFiles",
    missing: "errors:permissions/line-attach",
  },
];

/** Every permission Nickar asks for when it is invited (see `npm run invite-url`). */
export const INVITE_PERMISSIONS: bigint = CHANNEL_NEEDS.reduce((all, need) => all | need.bit, 0n);

/** The needs `permissions` lacks (none when the permissions are unknown). */
export function missingNeeds(permissions: bigint | null): ChannelNeed[] {
  if (permissions === null) return [];
  return CHANNEL_NEEDS.filter((need) => (permissions & need.bit) === 0n);
}

/**
 * Refuses, in plain words, to start a game or post in the channel of `ctx` while the bot lacks a
 * permission there (from the interaction's `app_permissions`).
 */
export function requireChannelPermissions(ctx: HandlerContext): void {
  const missing = missingNeeds(ctx.appPermissions);
  if (missing.length > 0) {
    const lines = missing.map((need) => term(need.missing, { channel: channel(ctx.channelId) }));
    throw new UserError("permissions/missing", { missing: list(lines, "lines") });
  }
}
