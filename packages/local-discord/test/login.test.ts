import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

describe("local Discord login", () => {
  let discord: LocalDiscord;
  let bot: TestBot;

  beforeAll(async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
  });

  afterAll(async () => {
    await stopBot(bot);
    await discord?.close();
  });

  it("login - reaches clientReady with the application - real discord.js client", () => {
    expect(bot.client.isReady()).toBe(true);
    expect(bot.client.application?.id).toBe(discord.applicationId);
    expect(bot.client.user?.id).toBe(discord.applicationId);
  });

  it("login - caches the guild, its channels and the bot member - GUILD_CREATE", () => {
    const guild = bot.client.guilds.cache.get(discord.guildId);
    expect(guild?.available).toBe(true);
    expect(guild?.channels.cache.map((c) => c.name)).toEqual(expect.arrayContaining(["games", "general"]));
    expect(guild?.members.me?.id).toBe(bot.client.user?.id);
    expect(guild?.roles.everyone.permissions.has("SendMessages")).toBe(true);
    expect(guild?.roles.cache.find((r) => r.name === "Admins")?.permissions.has("ManageGuild")).toBe(true);
  });
});
