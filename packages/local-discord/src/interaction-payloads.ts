// INTERACTION_CREATE payloads as Discord sends them, and the interaction metadata that response
// messages carry. discord.js crashes without `entitlements`, `authorizing_integration_owners`,
// `member`, `data` (and `message` for components), and needs `channel` and `guild_id` to resolve them.
import { type APIMessage, InteractionType } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import { interactionChannel, interactionMember } from "./guild-payloads.ts";
import type { InteractionRecord } from "./interactions.ts";

export function interactionPayload(ctx: LocalContext, record: InteractionRecord, data: unknown, extra: object = {}) {
  const { store, config } = ctx;
  const channel = store.channels.get(record.channelId);
  if (!channel) throw new Error(`unknown channel ${record.channelId}`);
  const guildId = store.guildOfChannel(record.channelId)?.id ?? store.guildId;
  return {
    id: record.id,
    application_id: record.applicationId,
    type: record.type,
    data,
    guild_id: guildId,
    guild: { id: guildId, locale: store.guildLocale, features: [] },
    channel: interactionChannel(store, channel, record.userId),
    channel_id: record.channelId,
    member: interactionMember(store, record.userId, record.channelId),
    token: record.token,
    version: 1,
    // What the bot may do in this channel (overwrites included), so it can check before posting.
    app_permissions: store.permissions(store.bot.id, record.channelId).toString(),
    locale: record.locale,
    guild_locale: store.guildLocale,
    entitlements: [],
    authorizing_integration_owners: { "0": guildId },
    context: 0,
    attachment_size_limit: config.maxAttachmentBytes,
    ...extra,
  };
}

/** `interaction_metadata` (and the legacy `interaction`) of a message sent in answer to `record`. */
export function responseMetadata(
  ctx: LocalContext,
  record: InteractionRecord,
  followUpOf?: string,
): Partial<APIMessage> {
  const user = ctx.store.users.get(record.userId)!;
  const guildId = ctx.store.guildOfChannel(record.channelId)?.id ?? ctx.store.guildId;
  const owners = { "0": guildId };
  const metadata =
    record.type === InteractionType.ApplicationCommand
      ? {
          id: record.id,
          type: record.type,
          user,
          authorizing_integration_owners: owners,
          name: record.commandName,
          command_type: record.commandType ?? 1,
        }
      : {
          id: record.id,
          type: record.type,
          user,
          authorizing_integration_owners: owners,
          interacted_message_id: record.sourceMessageId,
        };
  return {
    application_id: record.applicationId,
    webhook_id: record.applicationId,
    interaction_metadata: { ...metadata, ...(followUpOf ? { original_response_message_id: followUpOf } : {}) },
    interaction: {
      id: record.id,
      type: record.type,
      name: record.commandName ?? "",
      user,
      member: (() => {
        const { user: _user, ...member } = ctx.store.member(record.userId, guildId)!;
        return member;
      })(),
    },
  } as Partial<APIMessage>;
}
