// The gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME with replay of buffered
// events, and dispatch. Interactions go to the live session only (the newest identified one), like
// Discord with a single shard; other events go to every session whose intents ask for them.
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
  private live: Session | null = null;
  /** Counters that show how bots connected (tests assert a RESUME really happened). */
  readonly stats = { identifies: 0, resumes: 0, invalidSessions: 0 };

  constructor(private readonly options: GatewayOptions) {
    const { events, store } = options;
    // Message events as a bot sees them: only with the GuildMessages intent, never ephemeral ones.
    // Direct messages need the DirectMessages intent instead, and carry no guild or member.
    const forMessages =
      (t: string, build: (m: APIMessage) => unknown) => (message: APIMessage, visibleTo: string | null) => {
        if (visibleTo !== null) return;
        const d = build(message) as Record<string, unknown>;
        if (!store.dmRecipient(message.channel_id)) return this.dispatch(t, d, GatewayIntentBits.GuildMessages);
        const { guild_id: _g, member: _m, ...dm } = d;
        this.dispatch(t, dm, GatewayIntentBits.DirectMessages);
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
        guild_id: store.guildId,
      })),
    );
    // Overwrites changed: the bot's cache (and its permission checks) must see them, as on Discord.
    events.on("channelUpdate", (channel) => {
      this.dispatch(
        GatewayDispatchEvents.ChannelUpdate,
        { ...channel, guild_id: store.guildId },
        GatewayIntentBits.Guilds,
      );
    });
    events.on("userCreate", (user) => {
      this.dispatch(
        GatewayDispatchEvents.GuildMemberAdd,
        { ...store.member(user.id), guild_id: store.guildId },
        GatewayIntentBits.GuildMembers,
      );
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
    return this.live !== null;
  }

  /** True when the live session's bot is connected right now (not merely resumable after a crash). */
  isBotOnline(): boolean {
    const live = this.live;
    return live !== null && live.socket !== null && live.ready;
  }

  /** Sends an event to every session (buffered for disconnected ones) that has the intent. */
  dispatch(t: string, d: unknown, intent?: number): void {
    for (const session of this.sessions.values()) {
      if (intent !== undefined && (session.intents & intent) === 0) continue;
      this.emit(session, t, d);
    }
  }

  /** INTERACTION_CREATE to the live session only. */
  dispatchInteraction(d: unknown): InteractionDelivery {
    const session = this.live;
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
    this.live = null;
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
    d: { query?: string; limit?: number; user_ids?: string | string[]; nonce?: string },
  ) {
    const { store } = this.options;
    const all = store.memberList();
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
      guild_id: store.guildId,
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
    this.stats.identifies += 1;
    const { store } = this.options;
    const session: Session = {
      id: snowflake(),
      seq: 0,
      intents: d.intents,
      buffer: [],
      socket,
      ready: false,
      expiry: null,
    };
    this.sessions.set(session.id, session);
    connection.session = session;
    // With several shards only shard 0 holds our single guild.
    const holdsGuild = shard[0] === 0;
    this.emit(session, GatewayDispatchEvents.Ready, {
      v: 10,
      user: { ...store.bot, verified: true, mfa_enabled: false, email: null },
      guilds: holdsGuild ? [{ id: store.guildId, unavailable: true }] : [],
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
    if (holdsGuild) {
      const withMembers = (session.intents & GatewayIntentBits.GuildMembers) !== 0;
      this.emit(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(store, withMembers));
    }
    session.ready = true;
    // The newest identified session is the bot that receives interactions.
    this.live = session;
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
    this.live ??= session;
  }

  private onClose(connection: Connection, code: number) {
    this.connections.delete(connection);
    const session = connection.session;
    if (!session || session.socket !== connection.socket) return;
    session.socket = null;
    // A normal close ends the session for good (Discord invalidates it); anything else may resume.
    if (code === 1000 || code === 1001) return this.endSession(session);
    session.expiry = setTimeout(() => this.endSession(session), this.options.resumeWindowMs);
    session.expiry.unref();
  }

  private endSession(session: Session) {
    if (session.expiry) clearTimeout(session.expiry);
    this.sessions.delete(session.id);
    if (this.live === session) this.live = null;
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

/** MESSAGE_CREATE/UPDATE carry the author's partial member and guild_id. */
function withMember(store: Store, message: APIMessage) {
  const member = store.member(message.author.id);
  const { user: _user, ...partial } = member ?? { user: undefined };
  return { ...message, guild_id: store.guildId, ...(member ? { member: partial } : {}) };
}
