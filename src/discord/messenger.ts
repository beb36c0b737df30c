/** Turns plain `Reply` data into discord.js message payloads, and posts or edits channel messages. */
import { AttachmentBuilder, type Client, MessageFlags } from "discord.js";
import type { App } from "../interactions/context.ts";
import type { ImageFile, MessageRef, Post, Reply } from "../interactions/reply.ts";
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
  /** Posts a message and returns its id (null when the channel is gone). */
  send(channelId: string, reply: Reply): Promise<string | null>;
}

export function discordMessenger(client: Client, logger: Logger): Messenger {
  async function channel(id: string) {
    const found = await client.channels.fetch(id).catch(() => null);
    return found?.isTextBased() && "send" in found ? found : null;
  }
  return {
    async edit(ref, reply) {
      const target = await channel(ref.channelId);
      if (!target) return;
      const { flags: _flags, ...body } = payload(reply, await renderImage(reply, logger));
      // A message deleted by a moderator is not an error: the game lives in the database.
      await target.messages
        .edit(ref.messageId, body)
        .catch((err) => logger.warn({ err, ref }, "could not edit message"));
    },
    async send(channelId, reply) {
      const target = await channel(channelId);
      if (!target) return null;
      const { flags: _flags, attachments: _a, ...body } = payload(reply, await renderImage(reply, logger));
      const message = await target.send(body).catch((err) => {
        logger.warn({ err, channelId }, "could not send message");
        return null;
      });
      return message?.id ?? null;
    },
  };
}

/** Sends new channel messages (a series' next game), binding each to its game when it says so. */
export async function sendPosts(app: App, messenger: Messenger, posts: readonly Post[]): Promise<void> {
  for (const post of posts) {
    const posted = await messenger.send(post.channelId, post.reply);
    if (posted && post.bindGame) app.games.bindMessage(post.bindGame, post.channelId, posted);
  }
}
