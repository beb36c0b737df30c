// REST: channel messages sent and edited by the bot itself (not through an interaction).
import { type APIMessage, MessageType, PermissionFlagsBits } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import {
  cannotEditOthers,
  cannotMessageUser,
  FieldErrors,
  missingAccess,
  missingPermissions,
  unknownChannel,
  unknownMessage,
} from "./errors.ts";
import { FLAGS_ALLOWED, validateAttachmentRefs, validateMessage } from "./message-validate.ts";
import { noContent, ok, type Route } from "./router.ts";
import { compareSnowflakes } from "./snowflake.ts";
import { checkSchema, SCHEMAS } from "./spec-validate.ts";

type Json = Record<string, unknown>;

/** A guild text channel or a DM channel of the bot's. */
function channelOf(ctx: LocalContext, id: string) {
  if (!ctx.store.channels.has(id) && !ctx.store.dmChannels.has(id)) throw unknownChannel();
  return id;
}

/**
 * The bot's permissions in a guild channel, as Discord checks them on these routes: without View
 * Channel the channel does not exist for it (50001 Missing Access); without `needed` (Send Messages,
 * Attach Files for uploads) the request is refused with 50013 Missing Permissions. DMs need none.
 */
function requirePermissions(ctx: LocalContext, channelId: string, needed: bigint): void {
  if (ctx.store.dmRecipient(channelId)) return;
  const has = ctx.store.permissions(ctx.store.bot.id, channelId);
  if ((has & PermissionFlagsBits.ViewChannel) === 0n) throw missingAccess();
  if ((has & needed) !== needed) throw missingPermissions();
}

/** Attach Files when the request uploads anything. */
const uploads = (files: readonly unknown[]) => (files.length > 0 ? PermissionFlagsBits.AttachFiles : 0n);

/** A message of the channel that a bot can see (ephemeral messages are invisible outside webhooks). */
function visibleMessage(ctx: LocalContext, channelId: string, messageId: string) {
  const stored = ctx.store.getMessage(messageId);
  if (!stored || stored.message.channel_id !== channelId || stored.visibleTo !== null) throw unknownMessage();
  return stored;
}

/** How long an enforced nonce is remembered (Discord says "the past few minutes"). */
export const ENFORCED_NONCE_MS = 2 * 60_000;

export const messageRoutes: Route[] = [
  {
    method: "POST",
    pattern: "/channels/:channel/messages",
    auth: true,
    handler: async (ctx, { params, body }) => {
      const channelId = channelOf(ctx, params.channel);
      const { json, files } = await body();
      const payload = (json ?? {}) as Json;
      requirePermissions(ctx, channelId, PermissionFlagsBits.SendMessages | uploads(files));
      checkSchema(SCHEMAS.messageCreate, payload);
      validateMessage(payload, files, { creating: true, limits: ctx.config, flags: FLAGS_ALLOWED.channelMessage });
      validateAttachmentRefs(payload, files, []);
      // A user who closed their DMs to the server's members (or blocked the bot) cannot be written to.
      const recipient = ctx.store.dmRecipient(channelId);
      if (recipient && !ctx.store.acceptsDms(recipient.id)) throw cannotMessageUser();
      let extra: Partial<APIMessage> = {};
      const reference = payload.message_reference as Json | undefined;
      if (reference?.message_id) {
        const target = ctx.store.getMessage(String(reference.message_id));
        if (!target || target.visibleTo !== null) {
          const errors = new FieldErrors();
          errors.add(["message_reference"], "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message");
          throw errors.toError();
        }
        extra = {
          message_reference: {
            type: 0,
            message_id: target.message.id,
            channel_id: target.message.channel_id,
            ...(recipient ? {} : { guild_id: ctx.store.guildOfChannel(target.message.channel_id)?.id }),
          },
          referenced_message: target.message,
        } as Partial<APIMessage>;
      }
      // An enforced nonce (Discord: checked "in the past few minutes"): the same author's message with the same
      // nonce is answered again instead of a new one. Kept for ENFORCED_NONCE_MS only, shorter than Discord may
      // keep it: a bot relying on a longer window fails here first.
      if (payload.enforce_nonce === true && payload.nonce !== undefined) {
        const since = Date.now() - ENFORCED_NONCE_MS;
        const same = ctx.store
          .channelMessages(channelId, null)
          .find(
            (m) =>
              m.message.author.id === ctx.store.bot.id &&
              String(m.message.nonce) === String(payload.nonce) &&
              Date.parse(m.message.timestamp) >= since,
          );
        if (same) return ok(same.message);
      }
      const stored = ctx.messages.create(payload, files, {
        channelId,
        author: ctx.store.bot,
        type: reference?.message_id ? MessageType.Reply : MessageType.Default,
        extra,
      });
      return ok(stored.message);
    },
  },
  {
    method: "GET",
    pattern: "/channels/:channel/messages",
    auth: true,
    handler: (ctx, { params, query }) => {
      const channelId = channelOf(ctx, params.channel);
      requirePermissions(ctx, channelId, PermissionFlagsBits.ReadMessageHistory);
      const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 50)));
      let list = ctx.store.channelMessages(channelId, null).map((m) => m.message);
      const before = query.get("before");
      const after = query.get("after");
      if (before) list = list.filter((m) => compareSnowflakes(m.id, before) < 0);
      if (after) list = list.filter((m) => compareSnowflakes(m.id, after) > 0).slice(0, limit);
      // Discord answers newest first.
      return ok(list.slice(-limit).reverse());
    },
  },
  {
    method: "GET",
    pattern: "/channels/:channel/messages/:message",
    auth: true,
    handler: (ctx, { params }) => {
      const channelId = channelOf(ctx, params.channel);
      requirePermissions(ctx, channelId, PermissionFlagsBits.ReadMessageHistory);
      return ok(visibleMessage(ctx, channelId, params.message).message);
    },
  },
  {
    method: "PATCH",
    pattern: "/channels/:channel/messages/:message",
    auth: true,
    handler: async (ctx, { params, body }) => {
      const channelId = channelOf(ctx, params.channel);
      const { json, files } = await body();
      requirePermissions(ctx, channelId, uploads(files));
      const stored = visibleMessage(ctx, channelId, params.message);
      if (stored.message.author.id !== ctx.store.bot.id) throw cannotEditOthers();
      const payload = (json ?? {}) as Json;
      checkSchema(SCHEMAS.messageEdit, payload);
      validateMessage(payload, files, { creating: false, limits: ctx.config, flags: FLAGS_ALLOWED.edit });
      validateAttachmentRefs(payload, files, stored.message.attachments);
      return ok(ctx.messages.edit(stored, payload, files, { markEdited: true }).message);
    },
  },
  {
    method: "DELETE",
    pattern: "/channels/:channel/messages/:message",
    auth: true,
    handler: (ctx, { params }) => {
      const channelId = channelOf(ctx, params.channel);
      requirePermissions(ctx, channelId, 0n);
      const stored = visibleMessage(ctx, channelId, params.message);
      // Someone else's message needs Manage Messages.
      if (stored.message.author.id !== ctx.store.bot.id)
        requirePermissions(ctx, channelId, PermissionFlagsBits.ManageMessages);
      ctx.store.deleteMessage(stored.message.id);
      return noContent();
    },
  },
];
