import { ActionRowBuilder, ButtonBuilder, ButtonStyle, DiscordAPIError, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, PNG, sleep, startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

const row = (...buttons: ButtonBuilder[]) => new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons);
const button = (id: string, label: string, style = ButtonStyle.Primary) =>
  new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(style);

describe("local Discord interactions", () => {
  let discord: LocalDiscord;
  let bot: TestBot;

  beforeAll(async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
    await bot.client.application!.commands.set(allCommands, discord.guildId);
  });

  afterAll(async () => {
    await stopBot(bot);
    await discord?.close();
  });

  it("command registration - lists the guild commands - application.commands.set", async () => {
    const { body } = await driver(discord, "/local/commands");
    expect(body.map((c: { name: string }) => c.name)).toEqual(["nickar", "reset", "test"]);
    const fetched = await bot.client.application!.commands.fetch({ guildId: discord.guildId });
    expect(fetched.size).toBe(3);
  });

  it("slash command - reply with buttons and a file comes back with a fetchable attachment - reply", async () => {
    bot.commands.set("test reply", (i) =>
      i.reply({
        content: "Your move",
        components: [row(button("move:1", "Pit 1"), button("move:2", "Pit 2").setDisabled(true))],
        files: [{ attachment: PNG, name: "board.png" }],
      }),
    );
    const { status, body } = await driver(discord, "/local/command", {
      user: "alice",
      channel: "games",
      text: "/test reply",
    });
    expect(status).toBe(200);
    expect(body.response.type).toBe(4);
    const [message] = body.messages;
    expect(message.content).toBe("Your move");
    expect(message.interaction_metadata.user.username).toBe("alice");
    expect(message.components[0].components).toHaveLength(2);
    const [attachment] = message.attachments;
    expect(attachment).toMatchObject({ filename: "board.png", size: PNG.length, width: 1, height: 1 });
    const file = await fetch(attachment.url);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("button click - update edits the message in place - interaction.update", async () => {
    bot.commands.set("test reply", (i) =>
      i.reply({
        content: "Pick",
        components: [row(button("move:1", "Pit 1"), button("off", "Off").setDisabled(true))],
      }),
    );
    bot.components.set("move:1", (i) => i.update({ content: `${i.user.username} played pit 1`, components: [] }));
    const { body: created } = await driver(discord, "/local/command", { user: "bob", text: "/test reply" });
    const id = created.messages[0].id;
    const { status, body } = await driver(discord, "/local/click", { user: "alice", message: id, button: "Pit 1" });
    expect(status).toBe(200);
    expect(body.response.type).toBe(7);
    expect(body.messages[0]).toMatchObject({ id, content: "alice played pit 1", components: [] });
    expect(body.messages[0].edited_timestamp).not.toBeNull();
  });

  it("button click - a replaced button is sent only as a stale click, with the current message - stale: true", async () => {
    bot.commands.set("test reply", (i) => i.reply({ content: "Ply 0", components: [row(button("ply:0", "Go"))] }));
    const seen: string[] = [];
    bot.components.set("ply:0", async (i) => {
      seen.push(i.message.content);
      await i.update({ content: "Ply 1", components: [row(button("ply:1", "Go"))] });
    });
    const { body: created } = await driver(discord, "/local/command", { user: "bob", text: "/test reply" });
    const id = created.messages[0].id;
    expect((await driver(discord, "/local/click", { user: "bob", message: id, button: "ply:0" })).status).toBe(200);
    // The button of the first version is gone: a normal click cannot find it.
    const gone = await driver(discord, "/local/click", { user: "bob", message: id, button: "ply:0" });
    expect(gone.status).toBe(404);
    // A client still showing the first version sends it; the interaction carries the current message.
    bot.components.set("ply:0", (i) => {
      seen.push(i.message.content);
      return i.reply({ content: "out of date", flags: MessageFlags.Ephemeral });
    });
    const stale = await driver(discord, "/local/click", { user: "bob", message: id, button: "ply:0", stale: true });
    expect(stale.status).toBe(200);
    expect(stale.body.messages[0]).toMatchObject({ content: "out of date", flags: MessageFlags.Ephemeral });
    expect(seen).toEqual(["Ply 0", "Ply 1"]);
    // Labels are not looked up in older versions, and ids that never existed stay unknown.
    const never = await driver(discord, "/local/click", { user: "bob", message: id, button: "ply:9", stale: true });
    expect(never.status).toBe(404);
  });

  it("button click - refused without an interaction - disabled button", async () => {
    bot.commands.set("test reply", (i) =>
      i.reply({ content: "Pick", components: [row(button("off", "Off").setDisabled(true))] }),
    );
    const { body: created } = await driver(discord, "/local/command", { user: "bob", text: "/test reply" });
    const { status, body } = await driver(discord, "/local/click", {
      user: "bob",
      message: created.messages[0].id,
      button: "off",
    });
    expect(status).toBe(409);
    expect(body.ok).toBe(false);
  });

  it("deferred reply - driver waits for the edit that replaces the thinking message - deferReply + editReply", async () => {
    bot.commands.set("test defer", async (i) => {
      await i.deferReply();
      await sleep(100);
      await i.editReply({ content: "thought about it" });
    });
    const { status, body } = await driver(discord, "/local/command", { user: "alice", text: "/test defer" });
    expect(status).toBe(200);
    expect(body.response.type).toBe(5);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].content).toBe("thought about it");
    expect(body.messages[0].flags & MessageFlags.Loading).toBe(0);
  });

  it("deferred reply - the first follow-up replaces the thinking message and keeps it ephemeral - deferReply + followUp", async () => {
    bot.commands.set("test defer", async (i) => {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.followUp({ content: "only for you" });
      await i.followUp({ content: "and a second one" });
    });
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test defer" });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].content).toBe("only for you");
    expect(body.messages[0].flags & MessageFlags.Ephemeral).toBeTruthy();
    await sleep(100);
    const asAlice = (await driver(discord, "/local/channels/games/messages?as=alice")).body;
    expect(asAlice.at(-1).content).toBe("and a second one");
    expect(asAlice.at(-2).id).toBe(body.messages[0].id);
  });

  it("global commands - are usable in the guild alongside guild commands - commands.set without guild", async () => {
    await bot.client.application!.commands.set([{ name: "ping", description: "Pong" }]);
    bot.commands.set("ping", (i) => i.reply("pong"));
    const { status, body } = await driver(discord, "/local/command", { user: "alice", text: "/ping" });
    expect(status).toBe(200);
    expect(body.messages[0].content).toBe("pong");
  });

  it("follow-up - creates a second message - followUp", async () => {
    let fetchedId: string | undefined;
    bot.commands.set("test followup", async (i) => {
      await i.reply("first");
      const second = await i.followUp({ content: "second" });
      fetchedId = second.id;
    });
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test followup" });
    expect(body.messages[0].content).toBe("first");
    await sleep(100);
    const { body: list } = await driver(discord, "/local/channels/games/messages");
    const last = list[list.length - 1];
    expect(last.content).toBe("second");
    expect(last.id).toBe(fetchedId);
  });

  it("ephemeral reply - visible only with ?as= its user - flags 64", async () => {
    bot.commands.set("test secret", (i) => i.reply({ content: "psst", flags: MessageFlags.Ephemeral }));
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test secret" });
    const id = body.messages[0].id;
    expect(body.response.ephemeral).toBe(true);
    const everyone = (await driver(discord, "/local/channels/games/messages")).body;
    const asBob = (await driver(discord, "/local/channels/games/messages?as=bob")).body;
    const asAlice = (await driver(discord, "/local/channels/games/messages?as=alice")).body;
    expect(everyone.some((m: { id: string }) => m.id === id)).toBe(false);
    expect(asBob.some((m: { id: string }) => m.id === id)).toBe(false);
    expect(asAlice.find((m: { id: string }) => m.id === id).flags & MessageFlags.Ephemeral).toBeTruthy();
  });

  it("slash command parsing - resolves users, choices, subcommand groups - resolved data", async () => {
    let seen: Record<string, unknown> = {};
    bot.commands.set("nickar challenge", async (i) => {
      const opponent = i.options.getUser("opponent", true);
      seen = {
        opponent: opponent.username,
        member: i.options.getMember("opponent") !== null,
        seeds: i.options.getInteger("seeds"),
      };
      await i.reply(`challenged ${opponent}`);
    });
    const { status, body } = await driver(discord, "/local/command", {
      user: "alice",
      text: "/nickar challenge opponent:@carol seeds:4",
    });
    expect(status).toBe(200);
    expect(seen).toEqual({ opponent: "carol", member: true, seeds: 4 });
    expect(body.messages[0].mentions[0].username).toBe("carol");
    const users = (await driver(discord, "/local/users")).body;
    expect(users.map((u: { username: string }) => u.username)).toContain("carol");
  });

  it("admin-only command - refused for a plain user, allowed for admin - default_member_permissions", async () => {
    bot.commands.set("reset", (i) => i.reply("reset done"));
    const denied = await driver(discord, "/local/command", { user: "alice", text: "/reset" });
    expect(denied.status).toBe(403);
    const allowed = await driver(discord, "/local/command", { user: "admin", text: "/reset" });
    expect(allowed.status).toBe(200);
  });

  it("autocomplete - returns the bot's choices - focused option", async () => {
    bot.autocomplete.set("nickar", async (i) => {
      const focused = i.options.getFocused(true);
      await i.respond(
        ["haiti", "abapa", "wari"].filter((r) => r.startsWith(focused.value)).map((r) => ({ name: r, value: r })),
      );
    });
    const { status, body } = await driver(discord, "/local/autocomplete", {
      user: "alice",
      text: "/nickar challenge opponent:@bob ruleset:ha",
      focused: "ruleset",
    });
    expect(status).toBe(200);
    expect(body.choices).toEqual([{ name: "haiti", value: "haiti" }]);
  });

  it("late acknowledgement - bot gets 10062 and the driver a timeout - ack after the deadline", async () => {
    bot.commands.set("test slow", async (i) => {
      await sleep(1300);
      await i.reply("too late");
    });
    const errorsBefore = bot.errors.length;
    const { status, body } = await driver(discord, "/local/command", { user: "alice", text: "/test slow" });
    expect(status).toBe(504);
    expect(body.error.code).toBe("TIMEOUT");
    await sleep(500);
    const error = bot.errors[errorsBefore];
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(10062);
  });

  it("double acknowledgement - second reply fails with 40060 as DiscordAPIError - concurrent replies", async () => {
    let results: PromiseSettledResult<unknown>[] = [];
    bot.commands.set("test twice", async (i) => {
      results = await Promise.allSettled([i.reply("one"), i.reply("two")]);
    });
    const { status } = await driver(discord, "/local/command", { user: "alice", text: "/test twice" });
    expect(status).toBe(200);
    await sleep(200);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(DiscordAPIError);
    expect(rejected.reason.code).toBe(40060);
    expect(rejected.reason.message).toBe("Interaction has already been acknowledged.");
  });

  it("invalid payload - 101-char custom_id is rejected with 50035 - reply", async () => {
    // Raw JSON: discord.js builders would refuse the long id before sending it.
    const long = { type: 2, style: ButtonStyle.Primary, custom_id: "x".repeat(101), label: "Long" };
    bot.commands.set("test invalid", (i) => i.reply({ content: "x", components: [{ type: 1, components: [long] }] }));
    const { status, body } = await driver(discord, "/local/command", { user: "alice", text: "/test invalid" });
    expect(status).toBe(502);
    expect(body.error.code).toBe(50035);
    expect(body.error.errors.data.components["0"].components["0"].custom_id._errors[0].code).toBe(
      "BASE_TYPE_MAX_LENGTH",
    );
    const error = bot.errors[bot.errors.length - 1] as DiscordAPIError;
    expect(error.code).toBe(50035);
  });

  it("invalid payload - six action rows are rejected with 50035 - reply", async () => {
    const rows = Array.from({ length: 6 }, (_, n) => row(button(`b${n}`, `B${n}`)));
    bot.commands.set("test invalid", (i) => i.reply({ content: "x", components: rows }));
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test invalid" });
    expect(body.error.code).toBe(50035);
    expect(body.error.errors.data.components._errors[0].message).toBe("Must be 5 or fewer in length.");
  });

  it("no answer - driver times out after the ack window - silent bot", async () => {
    bot.commands.set("test silent", async () => {});
    const started = Date.now();
    const { status } = await driver(discord, "/local/command", { user: "alice", text: "/test silent" });
    expect(status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});
