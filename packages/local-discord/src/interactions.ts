// Interactions in flight: their tokens, whether and how they were acknowledged, and the messages
// they produced. Enforces Discord's clock: 3 s to acknowledge, 15 minutes of token validity.
import { randomBytes } from "node:crypto";
import {
  type APIApplicationCommandOptionChoice,
  InteractionResponseType,
  type InteractionType,
} from "discord-api-types/v10";
import type { DiscordErrorBody } from "./errors.ts";
import { snowflake } from "./snowflake.ts";

export interface InteractionRecord {
  id: string;
  token: string;
  type: InteractionType;
  applicationId: string;
  userId: string;
  channelId: string;
  /** The user's client language, sent as `locale`. */
  locale: string;
  /** Full command name ("nickar challenge") for slash commands, for message metadata. */
  commandName: string | null;
  /** The command's type (1 slash, 4 entry point) for message metadata; null for components. */
  commandType: number | null;
  /** When the user acted (ms since the epoch); the driver's `timing` is measured from here. */
  createdAt: number;
  ackDeadline: number;
  expiresAt: number;
  /** When the first callback (the acknowledgement) arrived. */
  ackedAt: number | null;
  /** When callbacks arrived after the deadline (refused with 10062), on the registry's clock. */
  lateCallbacks: number[];
  ack: { type: InteractionResponseType; ephemeral: boolean } | null;
  /** The message a component was clicked on. */
  sourceMessageId: string | null;
  /** What `@original` refers to once acknowledged. */
  originalMessageId: string | null;
  /** A deferred reply whose "thinking..." message has not been replaced yet. */
  loading: boolean;
  /** Edits of @original and follow-ups after acknowledgement (the driver waits for the first). */
  completions: number;
  /** Messages created or edited through this interaction, in order. */
  messageIds: string[];
  /** Discord errors the bot got while answering, newest last. */
  errors: Array<DiscordErrorBody & { status: number }>;
  choices: APIApplicationCommandOptionChoice[] | null;
  modal: unknown;
  /** The activity instance a LAUNCH_ACTIVITY response opened (or joined). */
  activityInstanceId: string | null;
  listeners: Set<() => void>;
  timer: NodeJS.Timeout;
}

export interface NewInteraction {
  type: InteractionType;
  applicationId: string;
  userId: string;
  channelId: string;
  locale?: string;
  commandName?: string | null;
  commandType?: number | null;
  sourceMessageId?: string | null;
}

export class InteractionRegistry {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly timing: {
      ackTimeoutMs: number;
      tokenLifetimeMs: number;
      /** The clock every deadline is set and checked on (tests make it lag behind the timers). */
      now?: () => number;
    },
  ) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** The time on the registry's clock: the driver's waiter checks the deadline on it too. */
  now(): number {
    return this.timing.now ? this.timing.now() : Date.now();
  }

  create(init: NewInteraction): InteractionRecord {
    const now = this.now();
    const record: InteractionRecord = {
      id: snowflake(now),
      // Discord's tokens are long opaque strings; only their unguessability matters.
      token: `aW50ZXJhY3Rpb24${randomBytes(48).toString("base64url")}`,
      type: init.type,
      applicationId: init.applicationId,
      userId: init.userId,
      channelId: init.channelId,
      locale: init.locale ?? "en-US",
      commandName: init.commandName ?? null,
      commandType: init.commandType ?? (init.commandName ? 1 : null),
      createdAt: now,
      ackDeadline: now + this.timing.ackTimeoutMs,
      expiresAt: now + this.timing.tokenLifetimeMs,
      ackedAt: null,
      lateCallbacks: [],
      ack: null,
      sourceMessageId: init.sourceMessageId ?? null,
      originalMessageId: null,
      loading: false,
      completions: 0,
      messageIds: [],
      errors: [],
      choices: null,
      modal: null,
      activityInstanceId: null,
      listeners: new Set(),
      timer: undefined as unknown as NodeJS.Timeout,
    };
    this.armAckTimer(record);
    this.byId.set(record.id, record);
    return record;
  }

  /**
   * Wakes the driver's waiter when the 3 s pass without an acknowledgement. Node's timers count from
   * the event loop's cached time, which lags `Date.now()` by several milliseconds when the loop is
   * busy, so a timer set for the window can fire while the deadline has not passed on the clock the
   * waiter reads; the waiter would find nothing to do and never be woken again. So the timer is set
   * again until the deadline has really passed.
   */
  private armAckTimer(record: InteractionRecord): void {
    if (record.ack) return;
    const wait = Math.max(1, record.ackDeadline - this.now() + 1);
    record.timer = setTimeout(() => {
      if (record.ack) return;
      if (this.now() > record.ackDeadline) this.notify(record);
      else this.armAckTimer(record);
    }, wait);
    record.timer.unref();
  }

  get(id: string): InteractionRecord | undefined {
    return this.byId.get(id);
  }

  byToken(token: string): InteractionRecord | undefined {
    for (const record of this.byId.values()) if (record.token === token) return record;
    return undefined;
  }

  /** Still acceptable as a first response? (not acknowledged and within 3 s) */
  canAcknowledge(record: InteractionRecord, now = this.now()): boolean {
    return record.ack === null && now <= record.ackDeadline;
  }

  tokenExpired(record: InteractionRecord, now = this.now()): boolean {
    return now > record.expiresAt;
  }

  /** Acknowledged with a deferral whose edit has not come yet: the bot is still answering them. */
  deferredInProgress(): number {
    let n = 0;
    for (const record of this.byId.values()) {
      const deferred =
        record.ack?.type === InteractionResponseType.DeferredMessageUpdate ||
        record.ack?.type === InteractionResponseType.DeferredChannelMessageWithSource;
      if (deferred && record.completions === 0) n++;
    }
    return n;
  }

  touch(record: InteractionRecord, messageId: string): void {
    if (!record.messageIds.includes(messageId)) record.messageIds.push(messageId);
  }

  notify(record: InteractionRecord): void {
    for (const listener of [...record.listeners]) listener();
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const record of this.byId.values()) clearTimeout(record.timer);
    this.byId.clear();
  }

  private sweep() {
    const now = this.now();
    // Expired records linger one more lifetime so late calls get "Invalid Webhook Token", not "Unknown Webhook".
    for (const [id, record] of this.byId) {
      if (now > record.expiresAt + this.timing.tokenLifetimeMs) this.byId.delete(id);
    }
  }
}
