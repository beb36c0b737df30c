/**
 * Delivers notices (see `Notice` in src/interactions/reply.ts): a short new message that notifies
 * only the users it names, replacing the previous notice with the same key.
 *
 *   await notices.post({ key: gameNoticeKey(id), channelId, users: [userId], text: "it is your move…" });
 *
 * In the channel the message is "<@user> text" (with the notice's buttons) and `allowed_mentions`
 * limited to those users, so nobody else is pinged whatever the text holds. Turn notices, draw
 * offers and game endings are all notices of the game's key, so each replaces the last. Each user's /nickar notify choice decides where
 * it goes: the channel (default), a direct message (back to the channel when the DM fails: DMs
 * closed, the bot blocked), or nowhere. Once the new notice is out, the previous messages of the
 * key are deleted. The messages on display are kept in the `notices` table, so a restarted bot
 * still deletes them. Notices of one key are delivered one at a time, in order; `post` never
 * throws (a notice that cannot be sent is logged, never a reason to fail the move behind it).
 */
import { DiscordAPIError, RESTJSONErrorCodes } from "discord.js";
import type { Clock } from "../clock.ts";
import { type Db, retryWhileBusy } from "../db/client.ts";
import { forgetNotice, noticesOf, rememberNotice } from "../db/notice-store.ts";
import { nonceOf, OutboxStore } from "../db/outbox.ts";
import type { PlayerSettings } from "../games/players.ts";
import { jumpLink, type MessageRef, type Notice, type Reply } from "../interactions/reply.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";
import { SlidingWindowLimiter } from "./rate-limit.ts";

/**
 * The webhook of the interaction being answered. Discord leaves interaction endpoints out of the
 * bot's global rate limit of 50 requests a second, and a turn notice after every move (a post and
 * the previous notice's deletion) would spend that budget at 25 moves a second: so a notice in the
 * interaction's own channel is its follow-up (a new message, so its mention notifies), deleted
 * later through the same token while the token lives, and as the bot's own message once it has run
 * out (or after a restart, which forgets the tokens).
 */
export interface InteractionWebhook {
  readonly channelId: string;
  /** When its token can no longer be trusted to work (epoch ms, on the system clock). */
  readonly expiresAt: number;
  /** Posts a follow-up message; its id. */
  send(reply: Reply): Promise<string>;
  /** Deletes a follow-up this webhook posted (kept after the answer: it must not hold the interaction). */
  readonly remove: (messageId: string) => Promise<void>;
}

export interface NoticeBoard {
  post(notice: Notice, through?: InteractionWebhook): Promise<void>;
  /**
   * Posts a message of the caller's own (the half-time reminder) in `key`'s turn, after the notices of the key
   * asked for before it, and counts it as on display for `key`: the next notice deletes it. `send` returns
   * where it posted, or null when it posted nothing.
   */
  postOwn?(key: string, send: () => Promise<MessageRef | null>): Promise<void>;
}

/** An interaction's token works for 15 minutes from the interaction's creation (Discord's rule). */
export const WEBHOOK_TOKEN_MS = 15 * 60_000;
/** Not used in its last minute: a request must not go out with a token about to run out. */
export const WEBHOOK_TOKEN_MARGIN_MS = 60_000;

/**
 * Follow-ups sent in one channel per minute before notices there go out as channel messages again:
 * interaction webhooks share the limits of normal webhooks, known to be 30 messages a minute per
 * channel (not published); past it a follow-up would wait for the limit, a channel message need not.
 */
export const FOLLOW_UPS_PER_CHANNEL_MINUTE = 30;

/** Discord's answers that say the token no longer works: then the channel is the way. */
const TOKEN_REFUSED = new Set<number>([RESTJSONErrorCodes.UnknownWebhook, RESTJSONErrorCodes.InvalidWebhookToken]);

export class Notices implements NoticeBoard {
  /** The delivery in progress per key: the next one of the same key waits for it. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly players: PlayerSettings,
    private readonly messenger: Messenger,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Users never notified: Nickar itself, when it is the player to move in a game against it. */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Notices posted as follow-ups, with how to delete them while their token lives (oldest first).
   * Only the deleting function is kept (it holds the token, not the interaction).
   */
  private readonly followUps = new Map<
    string,
    { readonly remove: InteractionWebhook["remove"]; readonly until: number }
  >();

  /** The follow-ups of the last minute, per channel. */
  private readonly followUpsLastMinute = new SlidingWindowLimiter(60_000);

  /** The newest notice asked for per key: one still waiting for its turn when a newer comes is dropped. */
  private readonly newest = new Map<string, Notice>();

  post(notice: Notice, through?: InteractionWebhook): Promise<void> {
    const previous = this.queues.get(notice.key) ?? Promise.resolve();
    this.newest.set(notice.key, notice);
    const next = previous.then(() => {
      // A newer notice of this key replaces this one (it deletes the ones shown and pings anew), so
      // when Discord is slow (a backlog of requests) the backlog holds one notice a game, not one a move.
      if (this.newest.get(notice.key) !== notice) return;
      return this.deliver(notice, through)
        .then(() => this.markSent(notice))
        .catch((err) => this.logger.error({ err, key: notice.key }, "notice failed"));
    });
    this.queues.set(notice.key, next);
    void next.then(() => {
      if (this.queues.get(notice.key) !== next) return;
      this.queues.delete(notice.key);
      if (this.newest.get(notice.key) === notice) this.newest.delete(notice.key);
    });
    return next;
  }

  postOwn(key: string, send: () => Promise<MessageRef | null>): Promise<void> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    // In the key's queue: a notice being delivered finishes first, and the next one sees this message as shown.
    const next = previous
      .then(async () => {
        const ref = await send();
        const createdAt = this.clock.now();
        if (ref) await this.remember(() => rememberNotice(this.db, { ...ref, key, createdAt }));
      })
      .catch((err) => this.logger.error({ err, key }, "message of a notice key failed"));
    this.queues.set(key, next);
    void next.then(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    });
    return next;
  }

  /** A notice the outbox holds (a tournament game's ending): delivered, so the outbox need not send it. */
  private async markSent(notice: Notice): Promise<void> {
    const key = notice.outboxKey;
    if (key) await this.remember(() => new OutboxStore(this.db).markSent(key, this.clock.now()));
  }

  private async deliver(notice: Notice, through: InteractionWebhook | undefined): Promise<void> {
    const shown = noticesOf(this.db, notice.key);
    const posted: MessageRef[] = [];
    const inChannel: string[] = [];
    const users = notice.users.filter((id) => !this.bots.has(id));
    const choices = this.players.notifyAll(users);
    for (const userId of users) {
      const choice = choices.get(userId);
      if (choice === "off") continue;
      if (choice === "dm") {
        const link = notice.jump ? `\n${jumpLink(notice.jump)}` : "";
        const sent = await this.messenger.direct(userId, { content: `${notice.direct ?? notice.text}${link}` });
        if (sent) {
          posted.push(sent);
          continue;
        }
        this.logger.info({ userId, key: notice.key }, "direct message refused: the notice goes to the channel");
      }
      inChannel.push(userId);
    }
    if (inChannel.length > 0) {
      const mentions = inChannel.map((id) => `<@${id}>`).join(" ");
      const reply: Reply = {
        content: `${mentions} ${notice.text}`,
        mentions: inChannel,
        ...(notice.components && { components: [...notice.components] }),
      };
      // A notice the outbox holds (a game's ending) goes as the bot's message with its outbox key's nonce: sent
      // again after a crash (by the outbox, or a retried handler) within Discord's window, it is not made twice.
      // An interaction's follow-up takes no nonce, so it is not used for these.
      const held = notice.outboxKey;
      const messageId = held
        ? await this.messenger.send(notice.channelId, reply, nonceOf(held))
        : await this.sendInChannel(notice.channelId, reply, through);
      if (messageId) posted.push({ channelId: notice.channelId, messageId });
    }
    const createdAt = this.clock.now();
    for (const ref of posted)
      await this.remember(() => rememberNotice(this.db, { ...ref, key: notice.key, createdAt }));
    for (const old of shown) {
      await this.remove(old);
      await this.remember(() => forgetNotice(this.db, old.messageId));
    }
  }

  /** A follow-up of the interaction when it was made in that channel, else a channel message. */
  private async sendInChannel(
    channelId: string,
    reply: Reply,
    through: InteractionWebhook | undefined,
  ): Promise<string | null> {
    if (
      through?.channelId === channelId &&
      Date.now() < through.expiresAt &&
      this.followUpsLastMinute.hit(channelId, FOLLOW_UPS_PER_CHANNEL_MINUTE, Date.now()).ok
    ) {
      try {
        const messageId = await through.send(reply);
        this.followUps.set(messageId, { remove: through.remove, until: through.expiresAt });
        return messageId;
      } catch (err) {
        // Only a refused token means nothing was posted; after a time-out or a server error the
        // follow-up may be there already, and a second notice would ping twice.
        if (!(err instanceof DiscordAPIError && TOKEN_REFUSED.has(err.code as number))) {
          this.logger.warn({ err, channelId }, "the follow-up notice failed");
          return null;
        }
        this.logger.info({ channelId }, "the interaction's token was refused; the notice goes to the channel");
      }
    }
    return this.messenger.send(channelId, reply);
  }

  /** Deletes a notice through the webhook that posted it while its token lives, else as the bot. */
  private async remove(ref: MessageRef): Promise<void> {
    // Tokens expire on Discord's clock, not the games' (which tests move by hand).
    const now = Date.now();
    // Oldest first: drop the entries whose tokens have run out.
    for (const [id, entry] of this.followUps) {
      if (entry.until > now) break;
      this.followUps.delete(id);
    }
    const followUp = this.followUps.get(ref.messageId);
    this.followUps.delete(ref.messageId);
    if (followUp) {
      try {
        return await followUp.remove(ref.messageId);
      } catch (err) {
        this.logger.info({ err, messageId: ref.messageId }, "could not delete the follow-up notice by its token");
      }
    }
    await this.messenger.remove(ref);
  }

  /** Bookkeeping that waits out a locked database, and whose failure never takes the notice down. */
  private async remember(write: () => void): Promise<void> {
    try {
      await retryWhileBusy(write, { giveUpMs: 60_000 });
    } catch (err) {
      this.logger.warn({ err }, "could not record a notice");
    }
  }
}
