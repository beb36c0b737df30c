/** Turns plain `Reply` data into discord.js message payloads, and posts or edits channel messages. */
import { AttachmentBuilder, type Client, DiscordAPIError, MessageFlags, RESTJSONErrorCodes } from "discord.js";
import { retryWhileBusy } from "../db/client.ts";
import type { App } from "../interactions/context.ts";
import { type ImageFile, jumpLink, type MessageRef, type Post, type Reply } from "../interactions/reply.ts";
import type { Logger } from "../logger.ts";

/** Renders the reply's image; a renderer failure is logged and the message goes out without it. */
export async function renderImage(reply: Reply, logger: Logger): Promise<ImageFile | null> {
  if (!reply.image) return null;
  try {
    return await reply.image();
  } catch (error) {
    logger.error({ err: error }, "rendering failed");
    return null;
  }
}

/**
 * A payload for reply/update/edit/send. `replaceFiles` drops the old attachments when a new image is
 * given (an edited board must not keep the previous picture next to the new one).
 */
export function payload(reply: Reply, image: ImageFile | null) {
  return {
    content: reply.content,
    components: reply.components,
    allowedMentions: { users: [...(reply.mentions ?? [])] },
    ...(image && {
      files: [new AttachmentBuilder(image.data, { name: image.name, description: image.description })],
      attachments: [],
    }),
    ...(reply.ephemeral && { flags: MessageFlags.Ephemeral as const }),
  };
}

export interface Messenger {
  edit(ref: MessageRef, reply: Reply): Promise<void>;
  /**
   * Posts a message and returns its id (null when the channel is gone). With a `nonce`, enforced: Discord answers
   * a second post with the same nonce within a few minutes with the first message rather than a new one.
   */
  send(channelId: string, reply: Reply, nonce?: string): Promise<string | null>;
  /** Sends a direct message; null when it cannot be sent (DMs closed, the bot blocked). */
  direct(userId: string, reply: Reply): Promise<MessageRef | null>;
  /** Deletes one of the bot's messages; one already gone is no error. */
  remove(ref: MessageRef): Promise<void>;
}

/** Discord's answers when the bot may not see a channel or do something in it. */
const REFUSED = new Set([RESTJSONErrorCodes.MissingAccess, RESTJSONErrorCodes.MissingPermissions]);

/**
 * Channel messages through discord.js. `onRefused` hears of every edit or post that Discord refused
 * for lack of a permission in that channel (a permission taken away during a game).
 */
export function discordMessenger(
  client: Client,
  logger: Logger,
  onRefused: (channelId: string) => void = () => {},
): Messenger {
  async function channel(id: string) {
    // With sharding, the shard that runs the sweeps also posts in servers another shard holds (not
    // in its cache): discord.js then fetches the channel each time, rather than return null.
    const found = await client.channels.fetch(id, { allowUnknownGuild: true }).catch(() => null);
    return found?.isTextBased() && "send" in found ? found : null;
  }
  const refused = (err: unknown, channelId: string) => {
    if (err instanceof DiscordAPIError && REFUSED.has(err.code as number)) onRefused(channelId);
  };
  // Edits of one message are numbered in the order they are asked for. Their images render
  // concurrently in the pool and rate limits hold requests back, so a later edit can be ready first:
  // an older one that finds a newer already sent is dropped, so a board never goes back in time.
  // (discord.js sends the requests of one message's route in the order they are made.)
  const asked = new Map<string, number>();
  const sent = new Map<string, number>();
  const pending = new Map<string, number>();
  return {
    async edit(ref, reply) {
      const number = (asked.get(ref.messageId) ?? 0) + 1;
      asked.set(ref.messageId, number);
      pending.set(ref.messageId, (pending.get(ref.messageId) ?? 0) + 1);
      try {
        const target = await channel(ref.channelId);
        if (!target) return;
        const { flags: _flags, ...body } = payload(reply, await renderImage(reply, logger));
        if ((sent.get(ref.messageId) ?? 0) > number) return;
        sent.set(ref.messageId, number);
        // A message deleted by a moderator is not an error: the game lives in the database.
        await target.messages.edit(ref.messageId, body).catch((err) => {
          logger.warn({ err, ref }, "could not edit message");
          refused(err, ref.channelId);
        });
      } finally {
        // No edit of the message is under way any more: forget it, so the maps stay small.
        const left = (pending.get(ref.messageId) ?? 1) - 1;
        if (left > 0) pending.set(ref.messageId, left);
        else {
          pending.delete(ref.messageId);
          asked.delete(ref.messageId);
          sent.delete(ref.messageId);
        }
      }
    },
    async send(channelId, reply, nonce) {
      const target = await channel(channelId);
      if (!target) return null;
      const { flags: _flags, attachments: _a, ...body } = payload(reply, await renderImage(reply, logger));
      const message = await target.send({ ...body, ...(nonce && { nonce, enforceNonce: true }) }).catch((err) => {
        logger.warn({ err, channelId }, "could not send message");
        refused(err, channelId);
        return null;
      });
      return message?.id ?? null;
    },
    async direct(userId, reply) {
      const { flags: _flags, attachments: _a, ...body } = payload(reply, null);
      try {
        const message = await client.users.send(userId, body);
        return { channelId: message.channelId, messageId: message.id };
      } catch (err) {
        logger.debug({ err, userId }, "could not send a direct message");
        return null;
      }
    },
    async remove(ref) {
      const target = await channel(ref.channelId);
      await target?.messages.delete(ref.messageId).catch((err) => logger.debug({ err, ref }, "could not delete"));
    },
  };
}

/** How long binding a posted message to its game waits out a locked database. */
const BIND_WAIT = { giveUpMs: 60_000 } as const;

/** Sends new channel messages (a series' next game), binding each to its game when it says so. */
export async function sendPosts(app: App, messenger: Messenger, posts: readonly Post[]): Promise<void> {
  for (const post of posts) {
    const posted = await messenger.send(post.channelId, post.reply, post.nonce);
    const game = post.bindGame;
    // A locked database must not lose the binding: the game would have no message.
    if (posted && game) await retryWhileBusy(() => app.games.bindMessage(game, post.channelId, posted), BIND_WAIT);
    if (posted) await sendDirect(app, messenger, post, posted);
  }
}

/**
 * The direct messages of a post (players who chose them), each linking to it; one a player's DMs refuse
 * is said in the channel instead, mentioning them, as a notice would be.
 */
export async function sendDirect(app: App, messenger: Messenger, post: Post, messageId: string): Promise<void> {
  if (!post.direct) return;
  const guildId = post.bindGame ? (app.games.get(post.bindGame)?.row.guildId ?? null) : null;
  const link = guildId ? `\n${jumpLink({ guildId, channelId: post.channelId, messageId })}` : "";
  for (const userId of post.direct.users) {
    if (await messenger.direct(userId, { content: `${post.direct.text}${link}` })) continue;
    await messenger.send(post.channelId, { content: `<@${userId}> ${post.direct.text}${link}`, mentions: [userId] });
  }
}
