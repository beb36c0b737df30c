/**
 * A notice in the channel of the interaction being answered is that interaction's follow-up, and
 * is deleted later through the same token while it lives; otherwise the bot's own channel message.
 */
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Messenger } from "../../src/discord/messenger.ts";
import { type InteractionWebhook, Notices, WEBHOOK_TOKEN_MS } from "../../src/discord/notices.ts";
import type { Reply } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CHANNEL, setup, type World } from "./helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** What went where: follow-ups and their deletions by token, channel posts and deletions as the bot. */
function recorder() {
  const log: string[] = [];
  let next = 0;
  const messenger: Messenger = {
    edit: async () => {},
    send: async (channelId: string, reply: Reply) => {
      log.push(`post ${channelId} ${reply.mentions?.join(",")}`);
      return `m${++next}`;
    },
    direct: async () => null,
    remove: async (ref) => {
      log.push(`delete ${ref.messageId}`);
    },
  };
  const webhook = (channelId: string, refuse = false): InteractionWebhook => ({
    channelId,
    send: async (reply) => {
      if (refuse) throw new Error("Unknown Webhook");
      log.push(`follow-up ${channelId} ${reply.mentions?.join(",")}`);
      return `f${++next}`;
    },
    remove: async (messageId) => {
      log.push(`delete by token ${messageId}`);
    },
  });
  const notices = new Notices(w.db(), w.app.players, messenger, w.clock, pino({ level: "silent" }));
  return { log, notices, webhook };
}

const notice = (users: string[]) => ({ key: "game:g1", channelId: CHANNEL, users, text: "it is your move" });

describe("notices through the interaction's webhook", () => {
  it("notice - a follow-up, deleted by its token by the next one - in the interaction's channel", async () => {
    const { log, notices, webhook } = recorder();
    await notices.post(notice([ALICE]), webhook(CHANNEL));
    await notices.post(notice([BOB]), webhook(CHANNEL));
    expect(log).toEqual([`follow-up ${CHANNEL} ${ALICE}`, `follow-up ${CHANNEL} ${BOB}`, "delete by token f1"]);
  });

  it("notice - the bot's channel message - without an interaction, in another channel, or when the follow-up is refused", async () => {
    const { log, notices, webhook } = recorder();
    await notices.post(notice([ALICE]));
    await notices.post(notice([BOB]), webhook("another channel"));
    await notices.post(notice([ALICE]), webhook(CHANNEL, true));
    expect(log).toEqual([
      `post ${CHANNEL} ${ALICE}`,
      `post ${CHANNEL} ${BOB}`,
      "delete m1",
      `post ${CHANNEL} ${ALICE}`,
      "delete m2",
    ]);
  });

  it("notice - deleted as the bot's message - once the token that posted it has expired", async () => {
    const { log, notices, webhook } = recorder();
    await notices.post(notice([ALICE]), webhook(CHANNEL));
    w.clock.advance(WEBHOOK_TOKEN_MS);
    await notices.post(notice([BOB]));
    expect(log).toEqual([`follow-up ${CHANNEL} ${ALICE}`, `post ${CHANNEL} ${BOB}`, "delete f1"]);
  });
});
