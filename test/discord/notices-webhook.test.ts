/**
 * A notice in the channel of the interaction being answered is that interaction's follow-up, and
 * is deleted later through the same token while it lives; otherwise the bot's own channel message.
 */
import { DiscordAPIError } from "discord.js";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import type { Messenger } from "../../src/discord/messenger.ts";
import { FOLLOW_UPS_PER_CHANNEL_MINUTE, type InteractionWebhook, Notices } from "../../src/discord/notices.ts";
import type { Reply } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CHANNEL, type World, worldEachTest } from "../support/helpers.ts";

let w: World;
worldEachTest(["Date"], (world) => {
  w = world;
});

const unknownWebhook = () =>
  new DiscordAPIError({ code: 10015, message: "Unknown Webhook" }, 10015, 404, "POST", "/", {});

/**
 * What went where: follow-ups and their deletions by token, channel posts and deletions as the bot.
 * `held`: channel posts wait for it (Discord slow to answer).
 */
function recorder(held?: Promise<void>) {
  const log: string[] = [];
  let next = 0;
  const messenger: Messenger = {
    edit: async () => {},
    send: async (channelId: string, reply: Reply) => {
      await held;
      log.push(`post ${channelId} ${reply.mentions?.join(",")}`);
      return `m${++next}`;
    },
    direct: async () => null,
    remove: async (ref) => {
      log.push(`delete ${ref.messageId}`);
    },
  };
  /** A webhook whose token works for 14 minutes; `refuse` makes its follow-ups fail that way. */
  const webhook = (channelId: string, refuse?: () => Error): InteractionWebhook => ({
    channelId,
    expiresAt: Date.now() + 14 * 60_000,
    send: async (reply) => {
      if (refuse) throw refuse();
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

  it("notice - the bot's channel message - without an interaction, in another channel, or when the token is refused", async () => {
    const { log, notices, webhook } = recorder();
    await notices.post(notice([ALICE]));
    await notices.post(notice([BOB]), webhook("another channel"));
    await notices.post(notice([ALICE]), webhook(CHANNEL, unknownWebhook));
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
    vi.setSystemTime(Date.now() + 14 * 60_000);
    await notices.post(notice([BOB]));
    expect(log).toEqual([`follow-up ${CHANNEL} ${ALICE}`, `post ${CHANNEL} ${BOB}`, "delete f1"]);
  });

  it("notice - the bot's channel message past the channel's follow-ups a minute - many moves in one channel", async () => {
    const { log, notices, webhook } = recorder();
    const inChannel = (channelId: string) => ({ ...notice([ALICE]), key: `game:${log.length}`, channelId });
    for (let i = 0; i < FOLLOW_UPS_PER_CHANNEL_MINUTE; i++) await notices.post(inChannel(CHANNEL), webhook(CHANNEL));
    expect(log.filter((l) => l.startsWith("follow-up"))).toHaveLength(FOLLOW_UPS_PER_CHANNEL_MINUTE);
    await notices.post(inChannel(CHANNEL), webhook(CHANNEL));
    await notices.post(inChannel("another channel"), webhook("another channel"));
    expect(log.slice(-2)).toEqual([`post ${CHANNEL} ${ALICE}`, `follow-up another channel ${ALICE}`]);
    vi.setSystemTime(Date.now() + 60_000);
    await notices.post(inChannel(CHANNEL), webhook(CHANNEL));
    expect(log.at(-1)).toBe(`follow-up ${CHANNEL} ${ALICE}`);
  });

  it("notice - not posted twice - when the follow-up failed for another reason than its token", async () => {
    const { log, notices, webhook } = recorder();
    await notices.post(
      notice([ALICE]),
      webhook(CHANNEL, () => new Error("socket hang up")),
    );
    expect(log).toEqual([]);
  });

  it("notice - the bot's channel message - for a token already out of time", async () => {
    const { log, notices, webhook } = recorder();
    const late = webhook(CHANNEL);
    vi.setSystemTime(late.expiresAt);
    await notices.post(notice([ALICE]), late);
    expect(log).toEqual([`post ${CHANNEL} ${ALICE}`]);
  });

  it("notice - one still waiting is dropped for a newer one - three moves while Discord is slow", async () => {
    let release = () => {};
    const { log, notices } = recorder(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const first = notices.post(notice([ALICE]));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the first is on its way (held by Discord)
    const second = notices.post(notice([BOB]));
    const third = notices.post(notice([ALICE]));
    release();
    await Promise.all([first, second, third]);
    expect(log).toEqual([`post ${CHANNEL} ${ALICE}`, `post ${CHANNEL} ${ALICE}`, "delete m1"]);
    // Notices posted one after the other, and other keys, are all sent.
    await notices.post({ ...notice([BOB]), key: "game:g2" });
    expect(log.at(-1)).toBe(`post ${CHANNEL} ${BOB}`);
  });
});
