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
  /** Full command name ("nickar challenge") for slash commands, for message metadata. */
  commandName: string | null;
  /** When the user acted (ms since the epoch); the driver's `timing` is measured from here. */
  createdAt: number;
  ackDeadline: number;
  expiresAt: number;
  /** When the first callback (the acknowledgement) arrived. */
  ackedAt: number | null;
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
  listeners: Set<() => void>;
  timer: NodeJS.Timeout;
}

export interface NewInteraction {
  type: InteractionType;
  applicationId: string;
  userId: string;
  channelId: string;
  commandName?: string | null;
  sourceMessageId?: string | null;
}

export class InteractionRegistry {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly timing: { ackTimeoutMs: number; tokenLifetimeMs: number }) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  create(init: NewInteraction): InteractionRecord {
    const now = Date.now();
    const record: InteractionRecord = {
      id: snowflake(now),
      // Discord's tokens are long opaque strings; only their unguessability matters.
      token: `aW50ZXJhY3Rpb24${randomBytes(48).toString("base64url")}`,
      type: init.type,
      applicationId: init.applicationId,
      userId: init.userId,
      channelId: init.channelId,
      commandName: init.commandName ?? null,
      createdAt: now,
      ackDeadline: now + this.timing.ackTimeoutMs,
      expiresAt: now + this.timing.tokenLifetimeMs,
      ackedAt: null,
      ack: null,
      sourceMessageId: init.sourceMessageId ?? null,
      originalMessageId: null,
      loading: false,
      completions: 0,
      messageIds: [],
      errors: [],
      choices: null,
      modal: null,
      listeners: new Set(),
      // Wake the driver's waiter when the 3 s pass without an acknowledgement.
      timer: setTimeout(() => this.notify(record), this.timing.ackTimeoutMs + 1),
    };
    record.timer.unref();
    this.byId.set(record.id, record);
    return record;
  }

  get(id: string): InteractionRecord | undefined {
    return this.byId.get(id);
  }

  byToken(token: string): InteractionRecord | undefined {
    for (const record of this.byId.values()) if (record.token === token) return record;
    return undefined;
  }

  /** Still acceptable as a first response? (not acknowledged and within 3 s) */
  canAcknowledge(record: InteractionRecord, now = Date.now()): boolean {
    return record.ack === null && now <= record.ackDeadline;
  }

  tokenExpired(record: InteractionRecord, now = Date.now()): boolean {
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
    const now = Date.now();
    // Expired records linger one more lifetime so late calls get "Invalid Webhook Token", not "Unknown Webhook".
    for (const [id, record] of this.byId) {
      if (now > record.expiresAt + this.timing.tokenLifetimeMs) this.byId.delete(id);
    }
  }
}
