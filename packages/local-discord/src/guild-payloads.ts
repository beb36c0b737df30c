// The guild as Discord describes it in REST answers, GUILD_CREATE and interaction payloads.
import type { APIChannel, APIInteractionGuildMember } from "discord-api-types/v10";
import type { Store } from "./store.ts";

/** GET /guilds/{id}: the guild (default: the first) without channels and members. */
export function guildObject(store: Store, guildId?: string) {
  const guild = store.guild(guildId);
  const general = store.textChannels(guild.id)[0];
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: guild.roles,
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: general?.id ?? null,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_members: 500000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: store.guildLocale,
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    nsfw: false,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
}

/**
 * GUILD_CREATE: discord.js needs `unavailable: false`, the @everyone role, channels and its own
 * member. The other members come only to a session with the GUILD_MEMBERS intent, as on Discord.
 */
export function guildCreatePayload(store: Store, withMembers: boolean, guildId?: string) {
  const all = store.memberList(guildId);
  const members = withMembers ? all : all.filter((m) => m.user.id === store.bot.id);
  return {
    ...guildObject(store, guildId),
    joined_at: members.find((m) => m.user.id === store.bot.id)?.joined_at,
    large: false,
    unavailable: false,
    member_count: all.length,
    voice_states: [],
    members,
    // Channels inside GUILD_CREATE carry no guild_id, as on Discord.
    channels: store.guildChannels(store.guild(guildId).id).map((channel) => {
      const { guild_id: _omit, ...rest } = channel as { guild_id?: string };
      return rest;
    }),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    lazy: true,
  };
}

/**
 * The member object inside interactions and resolved data: it carries the member's permissions in
 * the channel of the interaction, overwrites included (in the guild when there is no channel).
 */
export function interactionMember(store: Store, userId: string, channelId?: string): APIInteractionGuildMember {
  const member = store.member(userId, channelId ? store.guildOfChannel(channelId)?.id : undefined);
  if (!member) throw new Error(`user ${userId} is not a member`);
  return { ...member, permissions: store.permissions(userId, channelId).toString() } as APIInteractionGuildMember;
}

/** A partial channel inside interactions, with `userId`'s permissions in it. */
export function interactionChannel(store: Store, channel: APIChannel, userId: string) {
  return { ...channel, permissions: store.permissions(userId, channel.id).toString() };
}
