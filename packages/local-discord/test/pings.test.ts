// Notifications in the local Discord, through its driver endpoints (what the playground page reads):
// who each new message notified, read per channel or DM as viewing it does on Discord, and a deleted
// message's ping no longer unread (a "ghost ping").
import type { TextChannel } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { driver, startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

describe("pings", () => {
  let discord: LocalDiscord;
  let bot: TestBot;
  const id = (name: string) => discord.context.store.findUser(name)!.id;
  const channel = async (name: string) =>
    (await bot.client.channels.fetch(discord.context.store.findChannel(name)!.id)) as TextChannel;
  const unread = async (user: string) => (await driver(discord, `/local/users/${user}/pings`)).body;

  beforeAll(async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
  });

  afterAll(async () => {
    await stopBot(bot);
    await discord?.close();
  });

  it("pings - read per channel and DM, the user's count follows, a deleted message no longer unread - driver endpoints", async () => {
    const general = await channel("general");
    const games = await channel("games");
    const inGeneral = await general.send({
      content: `<@${id("alice")}> look`,
      allowedMentions: { users: [id("alice")] },
    });
    const dm = await bot.client.users.send(id("alice"), { content: "psst" });
    const inGames = await games.send({
      content: `<@${id("alice")}> <@${id("bob")}> your move`,
      allowedMentions: { users: [id("alice")] },
    });

    const before = await unread("alice");
    expect(before.unread).toBe(3);
    expect(before.pings.map((p: { messageId: string }) => p.messageId)).toEqual([inGeneral.id, dm.id, inGames.id]);
    expect(before.pings.map((p: { channelId: string }) => p.channelId)).toEqual([general.id, dm.channelId, games.id]);
    expect((await unread("bob")).unread).toBe(0);
    const users = (await driver(discord, "/local/users")).body as {
      username: string;
      unreadPings: number;
      dmChannelId: string | null;
    }[];
    expect(users.find((u) => u.username === "alice")).toMatchObject({ unreadPings: 3, dmChannelId: dm.channelId });
    expect(users.find((u) => u.username === "bob")).toMatchObject({ unreadPings: 0, dmChannelId: null });

    // Viewing #general reads its ping only; then the DM.
    expect((await driver(discord, "/local/users/alice/pings/read", { channel: "general" })).body).toEqual({
      read: 1,
      unread: 2,
    });
    expect((await unread("alice")).pings.map((p: { messageId: string }) => p.messageId)).toEqual([dm.id, inGames.id]);
    expect((await driver(discord, "/local/users/alice/pings/read", { channel: "dm" })).body).toEqual({
      read: 1,
      unread: 1,
    });
    expect((await driver(discord, "/local/users/bob/pings/read", { channel: "dm" })).status).toBe(404);
    expect((await driver(discord, "/local/users/alice/pings/read", { channel: "nowhere" })).status).toBe(404);

    // The bot deletes the message: the notification happened, but it is no longer unread.
    await inGames.delete();
    expect((await unread("alice")).unread).toBe(0);
    const all = (await driver(discord, "/local/users/alice/pings?all=true")).body.pings;
    expect(all.find((p: { messageId: string }) => p.messageId === inGames.id)).toMatchObject({
      read: false,
      deleted: true,
    });
  });

  it("pings - the event stream says whose unread count changed, and to what - pingsUpdate on a ping and on reading it", async () => {
    const controller = new AbortController();
    const response = await fetch(`${discord.url}/local/events?as=bob`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const events: { userId: string; unread: number }[] = [];
    let buffered = "";
    const next = async (): Promise<{ userId: string; unread: number }> => {
      for (;;) {
        const match = /event: pingsUpdate\ndata: (.*)\n\n/.exec(buffered);
        if (match) {
          buffered = buffered.slice(match.index + match[0].length);
          return JSON.parse(match[1]);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the event stream ended");
        buffered += new TextDecoder().decode(value);
      }
    };
    try {
      const general = await channel("general");
      await general.send({ content: `<@${id("bob")}> hello`, allowedMentions: { users: [id("bob")] } });
      events.push(await next());
      await driver(discord, "/local/users/bob/pings/read", { channel: "general" });
      events.push(await next());
    } finally {
      controller.abort();
    }
    expect(events).toEqual([
      { userId: id("bob"), unread: 1 },
      { userId: id("bob"), unread: 0 },
    ]);
  });
});
