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
import type { Clock } from "../clock.ts";
import { type Db, retryWhileBusy } from "../db/client.ts";
import { forgetNotice, noticesOf, rememberNotice } from "../db/notice-store.ts";
import type { PlayerSettings } from "../games/players.ts";
import type { MessageRef, Notice } from "../interactions/reply.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";

export interface NoticeBoard {
  post(notice: Notice): Promise<void>;
}

/** A link that opens a message in the Discord client. */
export function jumpLink(ref: MessageRef & { readonly guildId: string }): string {
  return `https://discord.com/channels/${ref.guildId}/${ref.channelId}/${ref.messageId}`;
}

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

  post(notice: Notice): Promise<void> {
    const previous = this.queues.get(notice.key) ?? Promise.resolve();
    const next = previous.then(() =>
      this.deliver(notice).catch((err) => this.logger.error({ err, key: notice.key }, "notice failed")),
    );
    this.queues.set(notice.key, next);
    void next.then(() => {
      if (this.queues.get(notice.key) === next) this.queues.delete(notice.key);
    });
    return next;
  }

  private async deliver(notice: Notice): Promise<void> {
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
      const messageId = await this.messenger.send(notice.channelId, {
        content: `${mentions} ${notice.text}`,
        mentions: inChannel,
        ...(notice.components && { components: [...notice.components] }),
      });
      if (messageId) posted.push({ channelId: notice.channelId, messageId });
    }
    const createdAt = this.clock.now();
    for (const ref of posted)
      await this.remember(() => rememberNotice(this.db, { ...ref, key: notice.key, createdAt }));
    for (const old of shown) {
      await this.messenger.remove(old);
      await this.remember(() => forgetNotice(this.db, old.messageId));
    }
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
