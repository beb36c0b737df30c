// The gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME with replay of buffered
// events, and dispatch. Sharding as Discord does it: a session identifies as shard [id, count] and
// holds the guilds with (guild_id >> 22) % count == id (READY lists them, a GUILD_CREATE follows for
// each); a guild's events and interactions go only to the sessions of the shard that holds it, direct
// messages only to shard 0. Interactions go to the live session of that shard (its newest identified
// one); other events to every session of that shard whose intents ask for them.
import {
  type APIMessage,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
} from "discord-api-types/v10";
import { type RawData, WebSocket } from "ws";
import type { LocalEvents } from "./events.ts";
import { guildCreatePayload } from "./guild-payloads.ts";
import type { LocalLogger } from "./logger.ts";
import { snowflake } from "./snowflake.ts";
import type { Store } from "./store.ts";

export interface GatewayOptions {
  token: string;
  store: Store;
  events: LocalEvents;
  logger: LocalLogger;
  applicationFlags: number;
  /** ws:// URL of this gateway, given as resume_gateway_url. */
  url: () => string;
  heartbeatIntervalMs: number;
  /** How long a disconnected session may still RESUME. */
  resumeWindowMs: number;
  /** The privileged intents enabled for the application (in the developer portal); others close with 4014. */
  privilegedIntents: number;
}

/** Discord's privileged intents: asking for one the application has not enabled closes the socket with 4014. */
const PRIVILEGED_INTENTS =
  GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;

interface Dispatch {
  op: GatewayOpcodes.Dispatch;
  t: string;
  s: number;
  d: unknown;
}

interface Session {
  id: string;
  seq: number;
  intents: number;
  /** [shard id, shard count] from IDENTIFY ([0, 1] without sharding). */
  shard: [number, number];
  /** Sent events kept for RESUME (newest last). */
  buffer: Dispatch[];
  socket: WebSocket | null;
  /** False until GUILD_CREATE went out: interactions must not overtake it. */
  ready: boolean;
  expiry: NodeJS.Timeout | null;
}

interface Connection {
  socket: WebSocket;
  session: Session | null;
}

const BUFFER_LIMIT = 1000;

export type InteractionDelivery = "sent" | "buffered" | "none";

export class Gateway {
  private readonly sessions = new Map<string, Session>();
  private readonly connections = new Set<Connection>();
  /** The session that receives interactions, per shard id. */
  private readonly live = new Map<number, Session>();
  /** The shard count of the newest IDENTIFY: the bot is online when each of those shards is. */
  private shardCount = 1;
  /** Counters that show how bots connected (tests assert a RESUME really happened). */
  readonly stats = { identifies: 0, resumes: 0, invalidSessions: 0 };
  /** isBotOnline() as last reported with a botStatus event. */
  private online = false;

  constructor(private readonly options: GatewayOptions) {
    const { events, store } = options;
    // Message events as a bot sees them: only with the GuildMessages intent, never ephemeral ones.
    // Direct messages need the DirectMessages intent instead, and carry no guild or member.
    const forMessages =
      (t: string, build: (m: APIMessage) => unknown) => (message: APIMessage, visibleTo: string | null) => {
        if (visibleTo !== null) return;
        const d = build(message) as Record<string, unknown>;
        const guildId = store.guildOfChannel(message.channel_id)?.id;
        if (!store.dmRecipient(message.channel_id))
          return this.dispatch(t, d, GatewayIntentBits.GuildMessages, guildId ?? store.guildId);
        const { guild_id: _g, member: _m, ...dm } = d;
        this.dispatch(t, dm, GatewayIntentBits.DirectMessages, null);
      };
    events.on(
      "messageCreate",
      forMessages(GatewayDispatchEvents.MessageCreate, (m) => withMember(store, m)),
    );
    events.on(
      "messageUpdate",
      forMessages(GatewayDispatchEvents.MessageUpdate, (m) => withMember(store, m)),
    );
    events.on(
      "messageDelete",
      forMessages(GatewayDispatchEvents.MessageDelete, (m) => ({
        id: m.id,
        channel_id: m.channel_id,
        guild_id: store.guildOfChannel(m.channel_id)?.id,
      })),
    );
    // Overwrites changed: the bot's cache (and its permission checks) must see them, as on Discord.
    events.on("channelUpdate", (channel) => {
      const guildId = store.guildOfChannel(channel.id)?.id ?? store.guildId;
      this.dispatch(
        GatewayDispatchEvents.ChannelUpdate,
        { ...channel, guild_id: guildId },
        GatewayIntentBits.Guilds,
        guildId,
      );
    });
    events.on("userCreate", (user) => {
      for (const guild of store.guilds.values()) {
        this.dispatch(
          GatewayDispatchEvents.GuildMemberAdd,
          { ...store.member(user.id, guild.id), guild_id: guild.id },
          GatewayIntentBits.GuildMembers,
          guild.id,
        );
      }
    });
    // A member's roles changed: GUILD_MEMBER_UPDATE needs the GUILD_MEMBERS intent, as on Discord (a bot
    // with Guilds only, as Nickar's, hears nothing and reads the roles from interactions and fetches).
    events.on("memberUpdate", (guildId, userId) => {
      const member = store.member(userId, guildId);
      if (!member) return;
      this.dispatch(
        GatewayDispatchEvents.GuildMemberUpdate,
        { ...member, guild_id: guildId },
        GatewayIntentBits.GuildMembers,
        guildId,
      );
    });
    // Roles made or changed through the driver reach the bot's cache (the Guilds intent), as on Discord.
    events.on("roleCreate", (guildId, role) =>
      this.dispatch(
        GatewayDispatchEvents.GuildRoleCreate,
        { guild_id: guildId, role },
        GatewayIntentBits.Guilds,
        guildId,
      ),
    );
    events.on("roleUpdate", (guildId, role) =>
      this.dispatch(
        GatewayDispatchEvents.GuildRoleUpdate,
        { guild_id: guildId, role },
        GatewayIntentBits.Guilds,
        guildId,
      ),
    );
    // A server added later: the shard that holds it hears of it as Discord says a bot joined one.
    events.on("guildCreate", (guildId) => {
      for (const session of this.sessions.values()) {
        if (!holds(session, guildId)) continue;
        const withMembers = (session.intents & GatewayIntentBits.GuildMembers) !== 0;
        this.emit(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(store, withMembers, guildId));
      }
    });
  }

  /** Takes over an upgraded WebSocket: says HELLO and waits for IDENTIFY or RESUME. */
  accept(socket: WebSocket): void {
    const connection: Connection = { socket, session: null };
    this.connections.add(connection);
    socket.on("message", (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on("close", (code) => this.onClose(connection, code));
    socket.on("error", () => socket.terminate());
    this.send(socket, {
      op: GatewayOpcodes.Hello,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs, _trace: ["local-discord"] },
      s: null,
      t: null,
    });
  }

  /** True when a bot session can receive interactions right now or after a resume. */
  hasLiveSession(): boolean {
    return this.live.size > 0;
  }

  /**
   * True when the live session of every shard (of the newest IDENTIFY's count) is connected right
   * now, not merely resumable after a crash.
   */
  isBotOnline(): boolean {
    for (let id = 0; id < this.shardCount; id++) {
      const live = this.live.get(id);
      if (!live || live.socket === null || !live.ready) return false;
    }
    return true;
  }

  /** Emits botStatus when isBotOnline() changed (the playground shows it). */
  private reportStatus(): void {
    const online = this.isBotOnline();
    if (online === this.online) return;
    this.online = online;
    this.options.events.emit("botStatus", online);
  }

  /** The shard count of the newest IDENTIFY and the shard ids that have a live session. */
  shards(): { count: number; live: number[] } {
    return { count: this.shardCount, live: [...this.live.keys()].sort((a, b) => a - b) };
  }

  /**
   * Sends an event to every session (buffered for disconnected ones) that has the intent and holds
   * `guildId` (null: a direct message, which only shard 0 gets; undefined: every session).
   */
  dispatch(t: string, d: unknown, intent?: number, guildId?: string | null): void {
    for (const session of this.sessions.values()) {
      if (intent !== undefined && (session.intents & intent) === 0) continue;
      if (guildId === null && session.shard[0] !== 0) continue;
      if (guildId && !holds(session, guildId)) continue;
      this.emit(session, t, d);
    }
  }

  /** INTERACTION_CREATE to the live session of the shard that holds the interaction's guild. */
  dispatchInteraction(d: unknown): InteractionDelivery {
    const guildId = (d as { guild_id?: string }).guild_id;
    const session = [...this.live.values()].find((s) => (guildId ? holds(s, guildId) : s.shard[0] === 0));
    if (!session) return "none";
    this.emit(session, GatewayDispatchEvents.InteractionCreate, d);
    return session.socket && session.ready ? "sent" : "buffered";
  }

  /** Drops every bot connection, as a network failure or Discord restart would; sessions stay resumable. */
  dropConnections(opts: { code?: number; terminate?: boolean } = {}): number {
    let count = 0;
    for (const { socket } of this.connections) {
      count += 1;
      if (opts.terminate) socket.terminate();
      else socket.close(opts.code ?? GatewayCloseCodes.UnknownError, "Dropped by local Discord");
    }
    return count;
  }

  /** Asks every bot to reconnect and resume (op 7), as Discord does before maintenance. */
  requestReconnect(): void {
    for (const { socket } of this.connections) this.send(socket, { op: GatewayOpcodes.Reconnect, d: null });
  }

  close(): void {
    for (const { socket } of this.connections) socket.terminate();
    for (const session of this.sessions.values()) if (session.expiry) clearTimeout(session.expiry);
    this.sessions.clear();
    this.live.clear();
    this.reportStatus();
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean) {
    const { socket } = connection;
    let payload: { op: number; d: never };
    try {
      const text = isBinary ? Buffer.from(data as Buffer).toString("utf8") : data.toString();
      payload = JSON.parse(text);
    } catch {
      return socket.close(GatewayCloseCodes.DecodeError, "Error while decoding payload.");
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        return this.send(socket, { op: GatewayOpcodes.HeartbeatAck });
      case GatewayOpcodes.Identify:
        return this.identify(connection, payload.d);
      case GatewayOpcodes.Resume:
        return this.resume(connection, payload.d);
      default:
        break;
    }
    if (!connection.session) return socket.close(GatewayCloseCodes.NotAuthenticated, "Not authenticated.");
    switch (payload.op) {
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestSoundboardSounds:
        return;
      case GatewayOpcodes.RequestGuildMembers:
        return this.requestMembers(connection.session, payload.d);
      default:
        return socket.close(GatewayCloseCodes.UnknownOpcode, "Unknown opcode.");
    }
  }

  /**
   * Op 8. Members asked for by id are sent whatever the intents; a query (the whole list, or names
   * starting with it) needs GUILD_MEMBERS, and without it the chunk comes back empty.
   */
  private requestMembers(
    session: Session,
    d: { guild_id?: string; query?: string; limit?: number; user_ids?: string | string[]; nonce?: string },
  ) {
    const { store } = this.options;
    const guildId = d.guild_id && store.guilds.has(d.guild_id) ? d.guild_id : store.guildId;
    const all = store.memberList(guildId);
    const ids = d.user_ids === undefined ? null : ([] as string[]).concat(d.user_ids);
    const allowed = ids !== null || (session.intents & GatewayIntentBits.GuildMembers) !== 0;
    let members = ids ? all.filter((m) => ids.includes(m.user.id)) : all;
    if (!ids && d.query) members = members.filter((m) => m.user.username.startsWith(d.query!.toLowerCase()));
    if (!ids && d.limit) members = members.slice(0, d.limit);
    if (!allowed) {
      this.options.logger.warn({ query: d.query }, "op 8 without the GUILD_MEMBERS intent: no members, as on Discord");
      members = [];
    }
    this.emit(session, GatewayDispatchEvents.GuildMembersChunk, {
      guild_id: guildId,
      members,
      chunk_index: 0,
      chunk_count: 1,
      not_found: ids ? ids.filter((id) => !all.some((m) => m.user.id === id)) : [],
      nonce: d.nonce,
    });
  }

  private identify(connection: Connection, d: { token?: string; intents?: number; shard?: [number, number] }) {
    const { socket } = connection;
    if (connection.session) return socket.close(GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
    if (!this.tokenMatches(d.token))
      return socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
    if (typeof d.intents !== "number") return socket.close(GatewayCloseCodes.InvalidIntents, "Invalid intent(s).");
    if ((d.intents & PRIVILEGED_INTENTS & ~this.options.privilegedIntents) !== 0)
      return socket.close(GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s).");
    const shard = d.shard ?? [0, 1];
    const [shardId, count] = shard;
    if (!Number.isInteger(count) || count < 1 || !Number.isInteger(shardId) || shardId < 0 || shardId >= count)
      return socket.close(GatewayCloseCodes.InvalidShard, "Invalid shard.");
    this.stats.identifies += 1;
    const { store } = this.options;
    const session: Session = {
      id: snowflake(),
      seq: 0,
      intents: d.intents,
      shard: [shardId, count],
      buffer: [],
      socket,
      ready: false,
      expiry: null,
    };
    this.sessions.set(session.id, session);
    connection.session = session;
    // Discord's formula: the shard that holds a guild is (guild_id >> 22) % shard_count.
    const held = [...store.guilds.keys()].filter((id) => holds(session, id));
    this.emit(session, GatewayDispatchEvents.Ready, {
      v: 10,
      user: { ...store.bot, verified: true, mfa_enabled: false, email: null },
      guilds: held.map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      session_type: "normal",
      resume_gateway_url: this.options.url(),
      shard,
      application: { id: store.applicationId, flags: this.options.applicationFlags },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      auth: {},
      user_settings: {},
      _trace: ["local-discord"],
    });
    // Sent whatever the intents, so discord.js never waits 15 s for a guild listed in READY.
    const withMembers = (session.intents & GatewayIntentBits.GuildMembers) !== 0;
    for (const id of held)
      this.emit(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(store, withMembers, id));
    session.ready = true;
    // The newest identified session of each shard is the bot that receives its interactions.
    this.live.set(shardId, session);
    this.shardCount = count;
    this.reportStatus();
  }

  private resume(connection: Connection, d: { token?: string; session_id?: string; seq?: number }) {
    const { socket } = connection;
    if (connection.session) return socket.close(GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
    if (!this.tokenMatches(d.token))
      return socket.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
    const session = d.session_id ? this.sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === "number" ? d.seq : 0;
    const oldest = session?.buffer[0]?.s ?? Number.POSITIVE_INFINITY;
    // Unknown/expired session, or events we no longer hold: the bot must identify again.
    if (!session || (oldest > seq + 1 && session.seq > seq)) {
      this.stats.invalidSessions += 1;
      return this.send(socket, { op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
    }
    if (seq > session.seq) return socket.close(GatewayCloseCodes.InvalidSeq, "Invalid seq.");
    if (session.socket && session.socket !== socket)
      session.socket.close(GatewayCloseCodes.SessionTimedOut, "Session resumed elsewhere.");
    if (session.expiry) clearTimeout(session.expiry);
    session.expiry = null;
    session.socket = socket;
    connection.session = session;
    this.stats.resumes += 1;
    for (const event of session.buffer) if (event.s > seq) this.send(socket, event);
    session.seq += 1;
    this.send(socket, {
      op: GatewayOpcodes.Dispatch,
      t: GatewayDispatchEvents.Resumed,
      s: session.seq,
      d: { _trace: ["local-discord"] },
    });
    if (!this.live.has(session.shard[0])) this.live.set(session.shard[0], session);
    this.reportStatus();
  }

  private onClose(connection: Connection, code: number) {
    this.connections.delete(connection);
    const session = connection.session;
    if (!session || session.socket !== connection.socket) return;
    session.socket = null;
    this.reportStatus();
    // A normal close ends the session for good (Discord invalidates it); anything else may resume.
    if (code === 1000 || code === 1001) return this.endSession(session);
    session.expiry = setTimeout(() => this.endSession(session), this.options.resumeWindowMs);
    session.expiry.unref();
  }

  private endSession(session: Session) {
    if (session.expiry) clearTimeout(session.expiry);
    this.sessions.delete(session.id);
    if (this.live.get(session.shard[0]) === session) this.live.delete(session.shard[0]);
    this.reportStatus();
  }

  private emit(session: Session, t: string, d: unknown) {
    session.seq += 1;
    const event: Dispatch = { op: GatewayOpcodes.Dispatch, t, s: session.seq, d };
    session.buffer.push(event);
    if (session.buffer.length > BUFFER_LIMIT) session.buffer.shift();
    if (session.socket) this.send(session.socket, event);
  }

  private tokenMatches(token: unknown): boolean {
    return typeof token === "string" && token.replace(/^Bot\s+/i, "") === this.options.token;
  }

  /** Text frames only: discord.js silently drops binary frames when compression is off. */
  private send(socket: WebSocket, payload: unknown) {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(payload), { binary: false });
  }
}

/** Discord's formula: a session of shard [id, count] holds the guilds with (guild_id >> 22) % count == id. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

function holds(session: Session, guildId: string): boolean {
  return shardOf(guildId, session.shard[1]) === session.shard[0];
}

/** MESSAGE_CREATE/UPDATE carry the author's partial member and guild_id. */
function withMember(store: Store, message: APIMessage) {
  const guildId = store.guildOfChannel(message.channel_id)?.id ?? store.guildId;
  const member = store.member(message.author.id, guildId);
  const { user: _user, ...partial } = member ?? { user: undefined };
  return { ...message, guild_id: guildId, ...(member ? { member: partial } : {}) };
}
