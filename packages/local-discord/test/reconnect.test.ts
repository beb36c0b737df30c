import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, startBot, startDiscord, stopBot, type TestBot, waitFor } from "./harness.ts";

describe("local Discord reconnects", () => {
  let discord: LocalDiscord;
  const bots: TestBot[] = [];

  beforeEach(async () => {
    discord = await startDiscord({ ackTimeoutMs: 3000 });
  });

  afterEach(async () => {
    for (const bot of bots.splice(0)) await stopBot(bot);
    await discord?.close();
  });

  const launch = async () => {
    const bot = await startBot(discord);
    bots.push(bot);
    bot.commands.set("test reply", (i) =>
      i.reply({
        content: "board",
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId("move:1").setLabel("Pit 1").setStyle(ButtonStyle.Primary),
          ),
        ],
      }),
    );
    return bot;
  };

  it("restart - a new client identifies afresh and receives clicks on old messages - destroy then login", async () => {
    const first = await launch();
    await first.client.application!.commands.set(allCommands, discord.guildId);
    const { body } = await driver(discord, "/local/command", { user: "alice", text: "/test reply" });
    const messageId = body.messages[0].id;
    const online = await driver(discord, "/local/info");
    expect(online.body).toMatchObject({ botConnected: true, botResumable: true, gateway: { identifies: 1 } });
    await stopBot(first);
    // A clean close ends the session: nothing to resume (a crash would leave it resumable).
    const { body: gone } = await driver(discord, "/local/info");
    expect(gone).toMatchObject({ botConnected: false, botResumable: false });

    const second = await launch();
    second.components.set("move:1", (i) => i.update({ content: "handled by the new process", components: [] }));
    const click = await driver(discord, "/local/click", { user: "bob", message: messageId, button: "move:1" });
    expect(click.status).toBe(200);
    expect(click.body.messages[0].content).toBe("handled by the new process");
    expect(discord.context.gateway.stats.identifies).toBe(2);
    expect(discord.context.gateway.stats.resumes).toBe(0);
  });

  it("resume - a dropped connection resumes and replays the interaction sent meanwhile - forced close", async () => {
    const bot = await launch();
    await bot.client.application!.commands.set(allCommands, discord.guildId);
    let resumed = 0;
    bot.client.on("shardResume", () => {
      resumed += 1;
    });
    discord.dropConnections({ terminate: true });
    // Sent while the bot is away: it must arrive through the RESUME replay.
    const { status, body } = await driver(discord, "/local/command", { user: "alice", text: "/test reply" });
    expect(status).toBe(200);
    expect(body.messages[0].content).toBe("board");
    await waitFor(() => resumed === 1);
    expect(discord.context.gateway.stats).toMatchObject({ identifies: 1, resumes: 1 });
  });

  it("resume - an unknown session gets op 9 and the client identifies again - expired session", async () => {
    await discord.close();
    discord = await startDiscord({ ackTimeoutMs: 3000, resumeWindowMs: 50 });
    const bot = await launch();
    await bot.client.application!.commands.set(allCommands, discord.guildId);
    discord.dropConnections({ code: 4000 });
    await waitFor(() => discord.context.gateway.stats.identifies === 2, 10_000);
    expect(discord.context.gateway.stats.invalidSessions).toBe(1);
    const { status } = await driver(discord, "/local/command", { user: "alice", text: "/test reply" });
    expect(status).toBe(200);
  });
});
