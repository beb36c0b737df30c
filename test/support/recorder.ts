/** A Messenger that records what the bot posts and edits, for tests of handlers and the scheduler without Discord. */
import type { Messenger } from "../../src/discord/messenger.ts";
import type { MessageRef, Reply } from "../../src/interactions/reply.ts";

export interface Recorder {
  readonly messenger: Messenger;
  /** Channel posts, in order; each got the id `posted-<its number>`. */
  readonly sent: { channelId: string; reply: Reply }[];
  readonly edits: { ref: MessageRef; reply: Reply }[];
}

export function recordingMessenger(): Recorder {
  const sent: Recorder["sent"] = [];
  const edits: Recorder["edits"] = [];
  // As Discord does with an enforced nonce: the same nonce again answers with the message it made.
  const byNonce = new Map<string, string>();
  const messenger: Messenger = {
    edit: async (ref, reply) => {
      edits.push({ ref, reply });
    },
    send: async (channelId, reply, nonce) => {
      const made = nonce && byNonce.get(`${channelId}:${nonce}`);
      if (made) return made;
      sent.push({ channelId, reply });
      if (nonce) byNonce.set(`${channelId}:${nonce}`, `posted-${sent.length}`);
      return `posted-${sent.length}`;
    },
    direct: async () => null,
    remove: async () => {},
  };
  return { messenger, sent, edits };
}
