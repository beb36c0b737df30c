// The in-memory world: guilds (one at first, more with addGuild) with roles, text channels, users/members and ordered messages.
// Everything here is plain Discord API objects, so routes can answer with them directly.
import {
  type APIChannel,
  type APIDMChannel,
  type APIGuildCategoryChannel,
  type APIGuildMember,
  type APIMessage,
  type APIOverwrite,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type ChannelFlags,
  ChannelType,
  type GuildMemberFlags,
  OverwriteType,
  PermissionFlagsBits,
  type RoleFlags,
  type UserFlags,
} from "discord-api-types/v10";
import type { LocalEvents } from "./events.ts";
import { compareSnowflakes, snowflake, stableSnowflake } from "./snowflake.ts";

export interface StoredMessage {
  message: APIMessage;
  /** Who this message notified when it was created (mentions allowed by `allowed_mentions`, DMs); edits never notify. */
  notified?: string[];
  /** Ephemeral messages are visible to this user id only (null: everyone). */
  visibleTo: string | null;
  /**
   * Components of earlier versions of the message (newest last, at most 50), so the driver can
   * click a button that a lagging client still shows after the bot replaced it (`stale: true`).
   */
  earlierComponents?: NonNullable<APIMessage["components"]>[];
}

const EARLIER_VERSIONS = 50;

/** A notification a user got from a new message, unread until the driver marks it read. */
export interface Ping {
  readonly userId: string;
  readonly messageId: string;
  readonly channelId: string;
  /** The message's content when it was sent. */
  readonly content: string;
  readonly at: string;
  read: boolean;
  /**
   * The message was deleted since: the notification was delivered (a "ghost ping"), but as on
   * Discord the mention no longer counts as unread.
   */
  deleted: boolean;
}

export interface StoreOptions {
  guildName: string;
  guildLocale?: string;
  channels: string[];
  users: string[];
  botName: string;
  applicationId: string;
}

/** A role to create or change (driver, options): permissions as bits, position as Discord counts it (@everyone is 0). */
export interface RoleInput {
  name?: string;
  permissions?: bigint;
  position?: number;
  color?: number;
}

/** An entry of the audit log the stand-in keeps of the bot's member-role changes (X-Audit-Log-Reason). */
export interface AuditEntry {
  readonly id: string;
  readonly guildId: string;
  /** 25: MEMBER_ROLE_UPDATE, as in Discord's audit log. */
  readonly actionType: 25;
  readonly userId: string;
  readonly targetId: string;
  readonly changes: { key: "$add" | "$remove"; new_value: { id: string; name: string }[] }[];
  readonly reason: string | null;
  readonly at: string;
}

export interface MemberState {
  roles: string[];
  joinedAt: string;
}

const P = PermissionFlagsBits;
/** What @everyone may do on a fresh Discord server (the parts that matter to a bot). */
const EVERYONE_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.SendMessagesInThreads |
  P.ReadMessageHistory |
  P.EmbedLinks |
  P.AttachFiles |
  P.AddReactions |
  P.UseExternalEmojis |
  P.UseApplicationCommands |
  P.ChangeNickname |
  P.CreateInstantInvite;
const ADMIN_PERMISSIONS = P.ManageGuild | P.ManageChannels | P.ManageMessages | P.ManageRoles | P.KickMembers;
const BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P.ManageMessages;
const ALL_PERMISSIONS = Object.values(P).reduce((all, bit) => all | bit, 0n);

const NAME_PATTERN = /^[\p{L}\p{N}_.-]{1,32}$/u;

/** One server: its roles and members (channels live in the store's one map, each with its guild_id). */
export interface LocalGuild {
  readonly id: string;
  readonly name: string;
  readonly everyoneRoleId: string;
  readonly adminRoleId: string;
  readonly botRoleId: string;
  readonly roles: APIRole[];
  readonly members: Map<string, MemberState>;
  ownerId: string;
}

/**
 * Everything the store holds, as plain JSON: what the state file keeps across restarts (the bot user
 * is not in it: it derives from the application id).
 */
export interface StoreSnapshot {
  guilds: Array<Omit<LocalGuild, "members"> & { members: Array<[string, MemberState]> }>;
  channels: APIChannel[];
  users: APIUser[];
  locales: Record<string, string>;
  closedDms: string[];
  dmChannels: APIDMChannel[];
  /** Every channel's messages, each channel's in order. */
  messages: StoredMessage[];
  pings: Ping[];
}

export class Store {
  // Server, roles, channels and users get ids derived from their names (stableSnowflake): a playground
  // restarted on the same database keeps its games' players and channels, even without a state file.
  /** The servers, the first one created with the store (every user is a member of each). */
  readonly guilds = new Map<string, LocalGuild>();
  private readonly primaryId: string;
  /** The servers' `preferred_locale` (what interactions carry as `guild_locale`). */
  readonly guildLocale: string;
  readonly applicationId: string;
  readonly bot: APIUser;
  readonly channels = new Map<string, APIChannel>();
  readonly users = new Map<string, APIUser>();
  private readonly usersByName = new Map<string, string>();
  private readonly messages = new Map<string, StoredMessage[]>();
  private readonly messageIndex = new Map<string, StoredMessage>();
  /** Direct-message channels, one per user (not part of the guild, so never in GUILD_CREATE). */
  readonly dmChannels = new Map<string, APIDMChannel>();
  private readonly dmByUser = new Map<string, string>();
  /** Users who do not accept direct messages from the bot (a user setting on Discord). */
  private readonly closedDms = new Set<string>();
  /** Users' locales (what the Discord client sends as `locale`); en-US by default. */
  private readonly locales = new Map<string, string>();
  private readonly pings: Ping[] = [];
  private readonly botName: string;
  /** The bot's member-role changes, newest last (in memory only). */
  readonly auditLog: AuditEntry[] = [];

  constructor(
    private readonly events: LocalEvents,
    options: StoreOptions,
  ) {
    this.guildLocale = options.guildLocale ?? "en-US";
    this.applicationId = options.applicationId;
    this.botName = options.botName;
    // Bots on Discord usually share their id with their application.
    this.bot = userObject(options.applicationId, options.botName, true);
    this.users.set(this.bot.id, this.bot);
    // `@Nickar` in a command means the bot, as on Discord (one can challenge it).
    this.usersByName.set(options.botName.toLowerCase(), this.bot.id);
    // The first server keeps the ids it always had ("guild", "channel:games"...).
    const primary = this.createGuild(options.guildName, options.channels, "");
    this.primaryId = primary.id;
    for (const name of options.users) this.ensureUser(name, { admin: name === "admin" });
    primary.ownerId = this.findUser("admin")?.id ?? this.bot.id;
  }

  /** The first server. */
  get primary(): LocalGuild {
    return this.guilds.get(this.primaryId)!;
  }

  // The first server's fields, as the single-server stand-in always had them.
  get guildId(): string {
    return this.primary.id;
  }
  get guildName(): string {
    return this.primary.name;
  }
  get roles(): APIRole[] {
    return this.primary.roles;
  }
  get everyoneRoleId(): string {
    return this.primary.everyoneRoleId;
  }
  get adminRoleId(): string {
    return this.primary.adminRoleId;
  }
  get ownerId(): string {
    return this.primary.ownerId;
  }

  /**
   * Adds a server with these text channels (ids derived from its name, stable across restarts);
   * every user is a member, `admin` in its Admins role and its owner. Emits guildCreate.
   */
  addGuild(name: string, channels: readonly string[]): LocalGuild {
    const existing = [...this.guilds.values()].find((g) => g.name === name);
    if (existing) return existing;
    const guild = this.createGuild(name, channels, `guild:${name}:`);
    for (const user of this.users.values()) {
      if (user.bot) continue;
      guild.members.set(user.id, {
        roles: this.isAdmin(user.id) ? [guild.adminRoleId] : [],
        joinedAt: new Date().toISOString(),
      });
    }
    guild.ownerId = this.findUser("admin")?.id ?? this.bot.id;
    this.events.emit("guildCreate", guild.id);
    return guild;
  }

  private createGuild(name: string, channels: readonly string[], prefix: string): LocalGuild {
    const id = stableSnowflake(prefix ? prefix.slice(0, -1) : "guild");
    const guild: LocalGuild = {
      id,
      name,
      everyoneRoleId: id,
      adminRoleId: stableSnowflake(`${prefix}role:admins`),
      botRoleId: stableSnowflake(`${prefix}role:bot`),
      roles: [],
      members: new Map(),
      ownerId: this.bot.id,
    };
    guild.roles.push(
      role(guild.everyoneRoleId, "@everyone", EVERYONE_PERMISSIONS, 0),
      { ...role(guild.adminRoleId, "Admins", ADMIN_PERMISSIONS, 2), color: 0xe67e22, hoist: true },
      { ...role(guild.botRoleId, this.botName, BOT_PERMISSIONS, 1), managed: true, tags: { bot_id: this.bot.id } },
    );
    guild.members.set(this.bot.id, { roles: [guild.botRoleId], joinedAt: new Date().toISOString() });
    this.guilds.set(id, guild);
    const category = stableSnowflake(`${prefix}category:text`);
    this.channels.set(category, {
      id: category,
      type: ChannelType.GuildCategory,
      guild_id: id,
      name: "Text Channels",
      position: 0,
      permission_overwrites: [],
      flags: 0 as ChannelFlags,
    } satisfies APIGuildCategoryChannel);
    channels.forEach((channelName, position) => {
      const channelId = stableSnowflake(`${prefix}channel:${channelName}`);
      this.channels.set(channelId, {
        id: channelId,
        type: ChannelType.GuildText,
        guild_id: id,
        name: channelName,
        position,
        parent_id: category,
        permission_overwrites: [],
        topic: null,
        nsfw: false,
        last_message_id: null,
        rate_limit_per_user: 0,
        flags: 0 as ChannelFlags,
      } satisfies APITextChannel);
      this.messages.set(channelId, []);
    });
    return guild;
  }

  /** A server by id (the first one when none is given); throws for an unknown id. */
  guild(id?: string | null): LocalGuild {
    const guild = id ? this.guilds.get(id) : this.primary;
    if (!guild) throw new Error(`no guild ${id}`);
    return guild;
  }

  /** The server a channel belongs to, or undefined (a DM, an unknown channel). */
  guildOfChannel(channelId: string): LocalGuild | undefined {
    const channel = this.channels.get(channelId) as { guild_id?: string } | undefined;
    return channel?.guild_id ? this.guilds.get(channel.guild_id) : undefined;
  }

  /** A server by id or name. */
  findGuild(ref: string): LocalGuild | undefined {
    return this.guilds.get(ref) ?? [...this.guilds.values()].find((g) => g.name === ref);
  }

  // ---- users and members ----

  /** Finds a user by id, `name`, `@name` or `<@id>`; the bot's name (`@Nickar`) is the bot user, as on Discord. */
  findUser(ref: string): APIUser | undefined {
    const mention = /^<@!?(\d+)>$/.exec(ref.trim());
    if (mention) return this.users.get(mention[1]);
    if (this.users.has(ref)) return this.users.get(ref);
    const name = ref.trim().replace(/^@/, "").toLowerCase();
    if (name === this.bot.username.toLowerCase()) return this.bot;
    const id = this.usersByName.get(name);
    return id ? this.users.get(id) : undefined;
  }

  /** Returns the user named `name`, creating them (as a guild member) on first use. */
  ensureUser(name: string, opts: { admin?: boolean } = {}): { user: APIUser; created: boolean } {
    const clean = name.replace(/^@/, "").trim();
    const existing = this.findUser(clean);
    if (existing) {
      if (opts.admin) this.grantAdmin(existing.id);
      return { user: existing, created: false };
    }
    if (!NAME_PATTERN.test(clean)) throw new Error(`invalid user name "${name}" (1-32 letters, digits, _ . -)`);
    // @everyone and @here are mentions of everybody, never a person (Discord reserves the names).
    if (/^(everyone|here)$/i.test(clean)) throw new Error(`"@${clean}" is not a user: it mentions everybody`);
    const user = userObject(stableSnowflake(`user:${clean.toLowerCase()}`), clean, false);
    this.users.set(user.id, user);
    this.usersByName.set(user.username, user.id);
    for (const guild of this.guilds.values())
      guild.members.set(user.id, { roles: [], joinedAt: new Date().toISOString() });
    if (opts.admin || user.username === "admin") this.grantAdmin(user.id);
    this.events.emit("userCreate", user);
    return { user, created: true };
  }

  private grantAdmin(userId: string) {
    let changed = false;
    for (const guild of this.guilds.values()) {
      const member = guild.members.get(userId);
      if (member && !member.roles.includes(guild.adminRoleId)) {
        member.roles.push(guild.adminRoleId);
        changed = true;
        this.events.emit("memberUpdate", guild.id, userId);
      }
    }
    if (changed) this.userChanged(userId);
  }

  private userChanged(userId: string) {
    const user = this.users.get(userId);
    if (user) this.events.emit("userUpdate", user);
  }

  isAdmin(userId: string, guildId?: string): boolean {
    const guild = this.guild(guildId);
    return guild.members.get(userId)?.roles.includes(guild.adminRoleId) ?? false;
  }

  humanUsers(): APIUser[] {
    return [...this.users.values()].filter((user) => !user.bot);
  }

  /** The member object as Discord sends it (with `user`), or undefined if not in the guild (default: the first). */
  member(userId: string, guildId?: string): APIGuildMember | undefined {
    const state = this.guild(guildId).members.get(userId);
    const user = this.users.get(userId);
    if (!state || !user) return undefined;
    return {
      user,
      nick: null,
      avatar: null,
      banner: null,
      roles: [...state.roles],
      joined_at: state.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
      communication_disabled_until: null,
    };
  }

  memberList(guildId?: string): APIGuildMember[] {
    return [...this.guild(guildId).members.keys()].map((id) => this.member(id, guildId)!);
  }

  /**
   * A member's permissions, in the guild or, with `channelId`, in that channel after its overwrites,
   * computed as Discord documents it: the owner and Administrator have everything; otherwise the
   * roles' permissions, then the channel's @everyone overwrite, the member's roles' overwrites
   * (all denies, then all allows), then the member's own overwrite. A channel the member cannot
   * view grants nothing else.
   */
  permissions(userId: string, channelId?: string, guildId?: string): bigint {
    const guild = (channelId ? this.guildOfChannel(channelId) : undefined) ?? this.guild(guildId);
    if (userId === guild.ownerId) return ALL_PERMISSIONS;
    const memberRoles = guild.members.get(userId)?.roles ?? [];
    const roleIds = new Set([guild.everyoneRoleId, ...memberRoles]);
    let bits = guild.roles.filter((r) => roleIds.has(r.id)).reduce((all, r) => all | BigInt(r.permissions), 0n);
    if (bits & P.Administrator) return ALL_PERMISSIONS;
    const channel = channelId ? this.channels.get(channelId) : undefined;
    const overwrites = channel && "permission_overwrites" in channel ? (channel.permission_overwrites ?? []) : [];
    if (overwrites.length === 0) return bits;
    const apply = (o: { allow: string; deny: string } | undefined) => {
      if (o) bits = (bits & ~BigInt(o.deny)) | BigInt(o.allow);
    };
    apply(overwrites.find((o) => o.id === guild.everyoneRoleId));
    const roles = overwrites.filter((o) => o.type === OverwriteType.Role && memberRoles.includes(o.id));
    apply({
      deny: String(roles.reduce((all, o) => all | BigInt(o.deny), 0n)),
      allow: String(roles.reduce((all, o) => all | BigInt(o.allow), 0n)),
    });
    apply(overwrites.find((o) => o.type === OverwriteType.Member && o.id === userId));
    return bits & P.ViewChannel ? bits : 0n;
  }

  /**
   * Sets (or, with nothing to allow or deny, removes) a channel's overwrite for a role or a member,
   * and returns the channel as it is now.
   */
  setOverwrite(
    channelId: string,
    target: { id: string; type: OverwriteType },
    allow: bigint,
    deny: bigint,
  ): APIChannel {
    const channel = this.channels.get(channelId);
    if (!channel || !("permission_overwrites" in channel)) throw new Error(`no guild channel ${channelId}`);
    const others = (channel.permission_overwrites ?? []).filter((o) => o.id !== target.id);
    const next = allow === 0n && deny === 0n ? [] : [{ ...target, allow: String(allow), deny: String(deny) }];
    (channel as { permission_overwrites: APIOverwrite[] }).permission_overwrites = [...others, ...next];
    this.events.emit("channelUpdate", channel);
    return channel;
  }

  findRole(ref: string, guildId?: string): APIRole | undefined {
    const mention = /^<@&(\d+)>$/.exec(ref);
    const key = mention ? mention[1] : ref.replace(/^@/, "");
    // "@everyone" names the role called "@everyone" (its name keeps the @).
    return this.guild(guildId).roles.find(
      (r) => r.id === key || r.name.replace(/^@/, "").toLowerCase() === key.toLowerCase(),
    );
  }

  // ---- roles ----

  /** The server's roles from the highest position down (@everyone last), as Discord's role list shows them. */
  rolesByPosition(guildId?: string): APIRole[] {
    return [...this.guild(guildId).roles].sort((a, b) => b.position - a.position || compareSnowflakes(b.id, a.id));
  }

  /** The roles of a member (ids in the member object, resolved), highest first; @everyone not included. */
  memberRoles(userId: string, guildId?: string): APIRole[] {
    const ids = new Set(this.guild(guildId).members.get(userId)?.roles ?? []);
    return this.rolesByPosition(guildId).filter((r) => ids.has(r.id));
  }

  /** The position of a member's highest role (0: only @everyone), what Discord's hierarchy compares. */
  highestPosition(userId: string, guildId?: string): number {
    return this.memberRoles(userId, guildId)[0]?.position ?? 0;
  }

  /** The bot's own role in a server: the managed one Discord made when it joined. */
  botRole(guildId?: string): APIRole {
    const guild = this.guild(guildId);
    return guild.roles.find((r) => r.id === guild.botRoleId)!;
  }

  /**
   * Creates a role (id derived from its name and server, so stable across restarts). As on Discord it
   * goes in at position 1, just above @everyone, unless a position is given; the roles at or above it
   * move up one. Names are unique here (case-insensitive) so the driver can name roles. Emits roleCreate.
   */
  createRole(input: RoleInput & { name: string }, guildId?: string): APIRole {
    const guild = this.guild(guildId);
    const name = input.name.trim();
    if (name === "" || name.length > 100) throw new Error("a role name has 1 to 100 characters");
    if (this.findRole(name, guild.id) || /^@?everyone$/i.test(name))
      throw new Error(`there is already a role "${name}"`);
    const prefix = guild.id === this.primaryId ? "" : `guild:${guild.name}:`;
    const created = role(
      stableSnowflake(`${prefix}role:custom:${name.toLowerCase()}`),
      name,
      input.permissions ?? 0n,
      guild.roles.length,
    );
    if (input.color !== undefined) setColor(created, input.color);
    guild.roles.push(created);
    const moved = this.placeRole(guild, created, input.position ?? 1);
    this.events.emit("roleCreate", guild.id, created);
    for (const other of moved) if (other !== created) this.events.emit("roleUpdate", guild.id, other);
    return created;
  }

  /** Changes a role's permissions, position or color (the bot's managed role too). Emits roleUpdate for each role that changed. */
  updateRole(roleId: string, input: RoleInput, guildId?: string): APIRole {
    const guild = this.guild(guildId);
    const target = guild.roles.find((r) => r.id === roleId);
    if (!target) throw new Error(`no role ${roleId}`);
    const changed = new Set<APIRole>();
    if (input.permissions !== undefined && BigInt(target.permissions) !== input.permissions) {
      (target as { permissions: string }).permissions = input.permissions.toString();
      changed.add(target);
    }
    if (input.color !== undefined && target.color !== input.color) {
      setColor(target, input.color);
      changed.add(target);
    }
    if (input.name !== undefined && input.name !== target.name && target.id !== guild.everyoneRoleId) {
      (target as { name: string }).name = input.name;
      changed.add(target);
    }
    if (input.position !== undefined && target.id !== guild.everyoneRoleId)
      for (const r of this.placeRole(guild, target, input.position)) changed.add(r);
    for (const r of changed) this.events.emit("roleUpdate", guild.id, r);
    return target;
  }

  /**
   * Puts `target` at `position` (1 .. the highest; @everyone stays 0) and numbers the others 1, 2, ...
   * in their order, as Discord keeps positions. Returns the roles whose position changed.
   */
  private placeRole(guild: LocalGuild, target: APIRole, position: number): APIRole[] {
    const others = guild.roles
      .filter((r) => r.id !== guild.everyoneRoleId && r !== target)
      .sort((a, b) => a.position - b.position || compareSnowflakes(a.id, b.id));
    const at = Math.min(Math.max(1, Math.trunc(position)), others.length + 1);
    others.splice(at - 1, 0, target);
    const moved: APIRole[] = [];
    others.forEach((r, i) => {
      if (r.position !== i + 1) {
        (r as { position: number }).position = i + 1;
        moved.push(r);
      }
    });
    return moved;
  }

  /**
   * Gives (`add`) or takes a role; false when the member already had it (or did not). Emits memberUpdate
   * on a change; records it in the audit log when `by` (the bot) is given.
   */
  setMemberRole(
    userId: string,
    roleId: string,
    add: boolean,
    guildId?: string,
    by?: { userId: string; reason: string | null },
  ): boolean {
    const guild = this.guild(guildId);
    const member = guild.members.get(userId);
    const target = guild.roles.find((r) => r.id === roleId);
    if (!member || !target) throw new Error(`no member ${userId} or role ${roleId}`);
    const has = member.roles.includes(roleId);
    if (has === add) return false;
    member.roles = add ? [...member.roles, roleId] : member.roles.filter((id) => id !== roleId);
    if (by) {
      this.auditLog.push({
        id: snowflake(),
        guildId: guild.id,
        actionType: 25,
        userId: by.userId,
        targetId: userId,
        changes: [{ key: add ? "$add" : "$remove", new_value: [{ id: target.id, name: target.name }] }],
        reason: by.reason,
        at: new Date().toISOString(),
      });
    }
    this.events.emit("memberUpdate", guild.id, userId);
    return true;
  }

  /** The locale a user's client sends with each interaction. */
  localeOf(userId: string): string {
    return this.locales.get(userId) ?? "en-US";
  }

  setLocale(userId: string, locale: string): void {
    if (this.localeOf(userId) === locale) return;
    this.locales.set(userId, locale);
    this.userChanged(userId);
  }

  // ---- direct messages ----

  acceptsDms(userId: string): boolean {
    return !this.closedDms.has(userId);
  }

  setAcceptsDms(userId: string, open: boolean): void {
    if (this.acceptsDms(userId) === open) return;
    if (open) this.closedDms.delete(userId);
    else this.closedDms.add(userId);
    this.userChanged(userId);
  }

  /** The DM channel with `userId`, created on first use (POST /users/@me/channels). */
  openDm(userId: string): APIDMChannel {
    const existing = this.dmByUser.get(userId);
    if (existing) return this.dmChannels.get(existing)!;
    const user = this.users.get(userId);
    if (!user) throw new Error(`no user ${userId}`);
    const channel: APIDMChannel = {
      id: stableSnowflake(`dm:${userId}`),
      type: ChannelType.DM,
      recipients: [user],
      last_message_id: null,
      flags: 0 as ChannelFlags,
      name: null,
    };
    this.dmChannels.set(channel.id, channel);
    this.dmByUser.set(userId, channel.id);
    this.messages.set(channel.id, []);
    return channel;
  }

  /** The user a DM channel is with, or undefined for any other channel. */
  dmRecipient(channelId: string): APIUser | undefined {
    return this.dmChannels.get(channelId)?.recipients?.[0];
  }

  dmOf(userId: string): APIDMChannel | undefined {
    const id = this.dmByUser.get(userId);
    return id ? this.dmChannels.get(id) : undefined;
  }

  // ---- notifications ----

  recordPings(stored: StoredMessage, userIds: readonly string[]): void {
    stored.notified = [...userIds];
    for (const userId of userIds) {
      this.pings.push({
        userId,
        messageId: stored.message.id,
        channelId: stored.message.channel_id,
        content: stored.message.content,
        at: stored.message.timestamp,
        read: false,
        deleted: false,
      });
    }
    this.pingsChanged(userIds);
  }

  /** A user's notifications, oldest first (only the unread ones unless `all`). */
  pingsOf(userId: string, all = false): Ping[] {
    return this.pings.filter((p) => p.userId === userId && (all || (!p.read && !p.deleted)));
  }

  /**
   * Marks a user's notifications read: those of one channel (or DM channel), as viewing it does on
   * Discord, or with no channel all of them.
   */
  readPings(userId: string, channelId?: string): number {
    let count = 0;
    for (const ping of this.pingsOf(userId)) {
      if (channelId !== undefined && ping.channelId !== channelId) continue;
      ping.read = true;
      count++;
    }
    if (count > 0) this.pingsChanged([userId]);
    return count;
  }

  private pingsChanged(userIds: readonly string[]): void {
    for (const userId of new Set(userIds)) this.events.emit("pingsUpdate", userId, this.pingsOf(userId).length);
  }

  // ---- channels ----

  /** Finds a channel by id, `<#id>`, or by `name`/`#name` in a server (default: the first). */
  findChannel(ref: string, guildId?: string): APIChannel | undefined {
    const mention = /^<#(\d+)>$/.exec(ref);
    const key = mention ? mention[1] : ref.replace(/^#/, "");
    if (this.channels.has(key)) return this.channels.get(key);
    const guild = this.guild(guildId).id;
    return [...this.channels.values()].find(
      (c) => "name" in c && c.name === key && (c as { guild_id?: string }).guild_id === guild,
    );
  }

  /** The text channels of a server (default: the first). */
  textChannels(guildId?: string): APIChannel[] {
    const guild = this.guild(guildId).id;
    return [...this.channels.values()].filter(
      (c) => c.type === ChannelType.GuildText && (c as { guild_id?: string }).guild_id === guild,
    );
  }

  /** The channels of a server, categories included. */
  guildChannels(guildId: string): APIChannel[] {
    return [...this.channels.values()].filter((c) => (c as { guild_id?: string }).guild_id === guildId);
  }

  // ---- messages ----

  getMessage(id: string): StoredMessage | undefined {
    return this.messageIndex.get(id);
  }

  addMessage(stored: StoredMessage): void {
    const list = this.messages.get(stored.message.channel_id);
    if (!list) throw new Error(`no channel ${stored.message.channel_id}`);
    list.push(stored);
    this.messageIndex.set(stored.message.id, stored);
    const id = stored.message.channel_id;
    const channel = (this.channels.get(id) ?? this.dmChannels.get(id)) as { last_message_id?: string | null };
    if (!stored.visibleTo) channel.last_message_id = stored.message.id;
    this.events.emit("messageCreate", stored.message, stored.visibleTo);
  }

  replaceMessage(stored: StoredMessage, message: APIMessage): void {
    const before = stored.message.components;
    if (before?.length && before !== message.components) {
      stored.earlierComponents = [...(stored.earlierComponents ?? []), before].slice(-EARLIER_VERSIONS);
    }
    stored.message = message;
    this.events.emit("messageUpdate", message, stored.visibleTo);
  }

  deleteMessage(id: string): void {
    const stored = this.messageIndex.get(id);
    if (!stored) return;
    this.messageIndex.delete(id);
    const list = this.messages.get(stored.message.channel_id) ?? [];
    list.splice(list.indexOf(stored), 1);
    const ghosts = this.pings.filter((p) => p.messageId === id && !p.deleted);
    for (const ping of ghosts) ping.deleted = true;
    this.pingsChanged(ghosts.filter((p) => !p.read).map((p) => p.userId));
    this.events.emit("messageDelete", stored.message, stored.visibleTo);
  }

  /** Messages of a channel, oldest first; ephemeral ones only for the user they belong to. */
  channelMessages(channelId: string, asUserId: string | null): StoredMessage[] {
    return (this.messages.get(channelId) ?? []).filter((m) => m.visibleTo === null || m.visibleTo === asUserId);
  }

  // ---- saving and loading (state-file.ts) ----

  snapshot(): StoreSnapshot {
    return {
      guilds: [...this.guilds.values()].map((g) => ({ ...g, members: [...g.members] })),
      channels: [...this.channels.values()],
      users: this.humanUsers(),
      locales: Object.fromEntries(this.locales),
      closedDms: [...this.closedDms],
      dmChannels: [...this.dmChannels.values()],
      messages: [...this.messages.values()].flat(),
      pings: this.pings,
    };
  }

  /**
   * Lays a snapshot over the world the options made: what it holds (servers, channels, users and their
   * settings, DM channels, messages, pings) replaces the same ids; servers, channels and users that only
   * the options name stay. Emits nothing: no bot is connected yet.
   */
  restore(snapshot: StoreSnapshot): void {
    for (const g of snapshot.guilds) this.guilds.set(g.id, { ...g, members: new Map(g.members) });
    for (const user of snapshot.users) {
      this.users.set(user.id, user);
      this.usersByName.set(user.username, user.id);
    }
    for (const [userId, locale] of Object.entries(snapshot.locales)) this.locales.set(userId, locale);
    for (const userId of snapshot.closedDms) this.closedDms.add(userId);
    for (const channel of snapshot.channels) this.channels.set(channel.id, channel);
    for (const channel of snapshot.dmChannels) {
      this.dmChannels.set(channel.id, channel);
      const recipient = channel.recipients?.[0];
      if (recipient) this.dmByUser.set(recipient.id, channel.id);
    }
    const texts = [...this.channels.values()].filter((c) => c.type === ChannelType.GuildText);
    for (const { id } of [...texts, ...this.dmChannels.values()]) if (!this.messages.has(id)) this.messages.set(id, []);
    for (const stored of snapshot.messages) {
      const list = this.messages.get(stored.message.channel_id);
      if (!list) continue;
      list.push(stored);
      this.messageIndex.set(stored.message.id, stored);
    }
    this.pings.splice(0, this.pings.length, ...snapshot.pings);
  }
}

function role(id: string, name: string, permissions: bigint, position: number): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

function setColor(target: APIRole, color: number): void {
  Object.assign(target, { color, colors: { primary_color: color, secondary_color: null, tertiary_color: null } });
}

function userObject(id: string, name: string, bot: boolean): APIUser {
  return {
    id,
    username: bot ? name : name.toLowerCase(),
    discriminator: bot ? "0000" : "0",
    global_name: bot ? null : name,
    avatar: null,
    bot,
    system: false,
    public_flags: 0 as UserFlags,
    flags: 0 as UserFlags,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  };
}
