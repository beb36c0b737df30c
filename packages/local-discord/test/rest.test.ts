import { DiscordAPIError, type TextChannel } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, PNG, sleep, startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

describe("local Discord REST", () => {
  let discord: LocalDiscord;
  let bot: TestBot;

  beforeAll(async () => {
    discord = await startDiscord({ maxAttachmentBytes: 1024, tokenLifetimeMs: 1500 });
    bot = await startBot(discord);
    await bot.client.application!.commands.set(allCommands, discord.guildId);
  });

  afterAll(async () => {
    await stopBot(bot);
    await discord?.close();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${discord.apiUrl}/v10${path}`, {
      ...init,
      headers: { authorization: `Bot ${discord.token}`, "content-type": "application/json", ...init.headers },
    });

  it("unknown endpoint - answers a Discord-shaped 404 and records the gap - GET /nope", async () => {
    const response = await api("/nope/123");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 0, message: "404: Not Found" });
    const { body } = await driver(discord, "/local/gaps");
    expect(body["GET /nope/123"]).toBe(1);
  });

  it("bot routes - reject a wrong token with 401 - GET /users/@me", async () => {
    const response = await fetch(`${discord.apiUrl}/v10/users/@me`, { headers: { authorization: "Bot wrong" } });
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe("401: Unauthorized");
  });

  it("direct messages - a DM channel with a bot is refused with 400 / 50007 - the bot writing to itself", async () => {
    const refused = (await bot.client.users
      .send(bot.client.user!.id, "hi")
      .catch((e: unknown) => e)) as DiscordAPIError;
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect({ status: refused.status, code: refused.code }).toEqual({ status: 400, code: 50007 });
  });

  it("direct messages - a user who does not accept DMs is refused with 403 / 50007 - DMs closed", async () => {
    const carol = (await driver(discord, "/local/users", { name: "dora", dms: false })).body.id as string;
    const refused = (await bot.client.users.send(carol, "hi").catch((e: unknown) => e)) as DiscordAPIError;
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect({ status: refused.status, code: refused.code, message: refused.message }).toEqual({
      status: 403,
      code: 50007,
      message: "Cannot send messages to this user",
    });
  });

  it("channel messages - send, edit and fetch through discord.js - channel.send", async () => {
    const channel = bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel;
    const sent = await channel.send({ content: "hello", files: [{ attachment: PNG, name: "a.png" }] });
    expect(sent.id).toBeTruthy();
    expect(sent.attachments.first()?.name).toBe("a.png");
    const edited = await sent.edit({ content: "hello again" });
    expect(edited.editedTimestamp).not.toBeNull();
    const fetched = await channel.messages.fetch({ message: sent.id, force: true });
    expect(fetched.content).toBe("hello again");
    const { body } = await driver(discord, "/local/channels/general/messages");
    expect(body.at(-1).content).toBe("hello again");
  });

  it("channel messages - an enforced nonce answers with the first message, an unenforced one makes another - send twice", async () => {
    const channel = bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel;
    const first = await channel.send({ content: "once", nonce: "round-1", enforceNonce: true });
    const again = await channel.send({ content: "once", nonce: "round-1", enforceNonce: true });
    const loose = await channel.send({ content: "once", nonce: "round-1" });
    expect(again.id).toBe(first.id);
    expect(loose.id).not.toBe(first.id);
  });

  it("limits - content over 2000 characters is rejected with 50035 - channel.send", async () => {
    const channel = bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel;
    const error = await channel.send({ content: "x".repeat(2001) }).catch((e) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error.code).toBe(50035);
    expect(error.rawError.errors.content._errors[0].code).toBe("BASE_TYPE_MAX_LENGTH");
  });

  it("attachments - typed by the file name's extension, as Discord does, not by the upload - text that looks like JSON", async () => {
    const channel = bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel;
    // discord.js sends a Buffer beginning with "[" as application/json.
    const text = Buffer.from('[Event "x"]\n1. A a\n');
    const sent = await channel.send({
      files: [
        { attachment: text, name: "record.txt" },
        { attachment: text, name: "record.xyz" },
      ],
    });
    expect(sent.attachments.map((a) => a.contentType)).toEqual(["text/plain; charset=utf-8", null]);
  });

  it("limits - an attachment over the size limit is refused with 413 / 40005 - configurable limit", async () => {
    const channel = bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel;
    const error = await channel.send({ files: [{ attachment: Buffer.alloc(2048), name: "big.bin" }] }).catch((e) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error.code).toBe(40005);
    expect(error.status).toBe(413);
  });

  it("limits - more than 10 attachments are rejected with 50035 - channel.send", async () => {
    const channel = bot.client.channels.cache.find((c) => (c as TextChannel).name === "general") as TextChannel;
    const files = Array.from({ length: 11 }, (_, n) => ({ attachment: PNG, name: `f${n}.png` }));
    const error = await channel.send({ files }).catch((e) => e);
    expect(error.code).toBe(50035);
  });

  it("limits - a select menu and a button in one row are rejected with 50035 - reply", async () => {
    const select = { type: 3, custom_id: "pick", options: [{ label: "A", value: "a" }] };
    const button = { type: 2, style: 1, custom_id: "go", label: "Go" };
    bot.commands.set("test invalid", (i) =>
      i.reply({ content: "x", components: [{ type: 1, components: [select, button] }] }),
    );
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test invalid" });
    expect(body.error.errors.data.components["0"].components._errors[0].code).toBe("COMPONENT_LAYOUT_WIDTH_EXCEEDED");
  });

  it("interaction token - expires for edits after its lifetime - 50027", async () => {
    let late: unknown;
    bot.commands.set("test followup", async (i) => {
      await i.reply("now");
      await sleep(1700);
      late = await i.editReply("later").catch((e) => e);
    });
    await driver(discord, "/local/command", { user: "alice", text: "/test followup" });
    await sleep(2000);
    expect(late).toBeInstanceOf(DiscordAPIError);
    expect((late as DiscordAPIError).code).toBe(50027);
  });

  it("with_response - answers the callback resource with the message - reply withResponse", async () => {
    let messageId: string | undefined;
    bot.commands.set("test reply", async (i) => {
      const response = await i.reply({ content: "with response", withResponse: true });
      messageId = response.resource?.message?.id;
    });
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test reply" });
    await sleep(50);
    expect(messageId).toBe(body.messages[0].id);
  });

  it("deferred update - the first edit of the clicked message completes it - deferUpdate + editReply", async () => {
    bot.commands.set("test reply", (i) =>
      i.reply({
        content: "board",
        components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "slow", label: "Slow" }] }],
      }),
    );
    bot.components.set("slow", async (i) => {
      await i.deferUpdate();
      await sleep(100);
      await i.editReply({ content: "after thinking", components: [] });
    });
    const { body: created } = await driver(discord, "/local/command", { user: "alice", text: "/test reply" });
    const { status, body } = await driver(discord, "/local/click", {
      user: "alice",
      message: created.messages[0].id,
      button: "slow",
    });
    expect(status).toBe(200);
    expect(body.response.type).toBe(6);
    expect(body.messages[0]).toMatchObject({ id: created.messages[0].id, content: "after thinking" });
  });

  it("driver - explains what is wrong with a command line - parse errors", async () => {
    const missing = await driver(discord, "/local/command", { user: "alice", text: "/nickar challenge" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain("opponent");
    const choice = await driver(discord, "/local/command", { user: "alice", text: "/nickar ladder show game:oware" });
    expect(choice.body.error.message).toContain("haiti");
    const unknown = await driver(discord, "/local/command", { user: "alice", text: "/nope" });
    expect(unknown.body.error.message).toContain("Unknown command");
  });

  it("rate limits - a global 429 past the bot's budget, interaction webhooks not counted - a client ignoring the headers", async () => {
    // Discord's budget is 50 a second; three a minute here, so that no stall of the machine resets it.
    const limited = await startDiscord({ rateLimits: true, globalRateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const me = () => fetch(`${limited.apiUrl}/v10/users/@me`, { headers: { authorization: `Bot ${limited.token}` } });
      const hook = () =>
        fetch(`${limited.apiUrl}/v10/webhooks/${limited.applicationId}/no-such-token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ content: "hi" }),
        });
      expect((await hook()).status).not.toBe(429);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await me());
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      const refused = answers[3];
      expect(await refused.json()).toMatchObject({ global: true });
      expect(refused.headers.get("x-ratelimit-global")).toBe("true");
      expect(refused.headers.get("x-ratelimit-scope")).toBe("global");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // The interaction endpoints are not bound to the global limit.
      expect((await hook()).status).not.toBe(429);
      expect(limited.context.rateLimits!.globalLimited).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it("rate limits - the sixth message in five seconds gets 429 with retry_after - a client ignoring the headers", async () => {
    const limited = await startDiscord({ rateLimits: true });
    try {
      const channel = limited.context.store.findChannel("general")!.id;
      const post = () =>
        fetch(`${limited.apiUrl}/v10/channels/${channel}/messages`, {
          method: "POST",
          headers: { authorization: `Bot ${limited.token}`, "content-type": "application/json" },
          body: JSON.stringify({ content: "hi" }),
        });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await post());
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers[4].headers.get("x-ratelimit-remaining")).toBe("0");
      expect(answers[0].headers.get("x-ratelimit-limit")).toBe("5");
      const refused = answers[5];
      expect(refused.status).toBe(429);
      const body = await refused.json();
      expect(body.retry_after).toBeGreaterThan(0);
      expect(body.retry_after).toBeLessThanOrEqual(5);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Another channel has its own bucket.
      const other = limited.context.store.findChannel("games")!.id;
      const elsewhere = await fetch(`${limited.apiUrl}/v10/channels/${other}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${limited.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "hi" }),
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
