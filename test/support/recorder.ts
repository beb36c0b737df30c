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
  const messenger: Messenger = {
    edit: async (ref, reply) => {
      edits.push({ ref, reply });
    },
    send: async (channelId, reply) => {
      sent.push({ channelId, reply });
      return `posted-${sent.length}`;
    },
    direct: async () => null,
    remove: async () => {},
  };
  return { messenger, sent, edits };
}
