import { existsSync } from "node:fs";
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type TextChannel } from "discord.js";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, sleep, startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

// The page is exercised in a real browser when one is installed; otherwise these tests are skipped.
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync);

describe.skipIf(!CHROMIUM)("playground page", () => {
  let discord: LocalDiscord;
  let bot: TestBot;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    discord = await startDiscord({ ackTimeoutMs: 3000 });
    bot = await startBot(discord);
    await bot.client.application!.commands.set(allCommands, discord.guildId);
    bot.commands.set("nickar challenge", (i) =>
      i.reply({
        content: `${i.user} challenges ${i.options.getUser("opponent")}`,
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId("accept").setLabel("Accept").setStyle(ButtonStyle.Success),
          ),
        ],
      }),
    );
    bot.components.set("accept", (i) => i.update({ content: "Accepted!", components: [] }));
    bot.commands.set("test secret", (i) => i.reply({ content: "psst", flags: MessageFlags.Ephemeral }));
    bot.autocomplete.set("nickar", (i) => i.respond([{ name: "Haitian Kay", value: "haiti" }]));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    page = await browser.newPage();
    await page.goto(discord.url);
    await page.waitForSelector(".chan.active");
  });

  afterAll(async () => {
    await browser?.close();
    await stopBot(bot);
    await discord?.close();
  });

  const send = async (text: string) => {
    await page.fill("#input", text);
    await page.keyboard.press("Escape");
    await page.press("#input", "Enter");
  };

  it("page - suggests commands and the bot's autocomplete choices - typing", async () => {
    await page.fill("#input", "/ni");
    await page.waitForSelector("#popup .it >> text=/nickar");
    await page.fill("#input", "/nickar challenge opponent:@bob ruleset:");
    await page.waitForSelector("#popup .it >> text=Haitian Kay");
  });

  it("page - shows the reply live and updates it after a button click - slash command and click", async () => {
    await send("/nickar challenge opponent:@bob");
    await page.waitForSelector(".msg >> text=challenges");
    await page.click(".btn >> text=Accept");
    await page.waitForSelector(".msg >> text=Accepted!");
    expect(await page.locator(".btn").count()).toBe(0);
  });

  it("page - marks ephemeral messages and hides them from other users - user switch", async () => {
    await send("/test secret");
    await page.waitForSelector(".msg.eph >> text=Only you can see this");
    await page.selectOption("#user", "bob");
    await page.waitForFunction(() => !document.querySelector(".msg.eph"));
    expect(await page.locator(".msg >> text=psst").count()).toBe(0);
  });

  it("page - a mention badge on the channel and the user, cleared when that channel or DM is viewed - pings", async () => {
    const store = discord.context.store;
    const alice = store.findUser("alice")!.id;
    const pings = async () => (await driver(discord, "/local/users/alice/pings")).body.pings as { channelId: string }[];
    await page.selectOption("#user", "alice");
    await page.click(".chan[data-channel=games]");
    await page.waitForSelector(".chan.active[data-channel=games]");
    const general = (await bot.client.channels.fetch(store.findChannel("general")!.id)) as TextChannel;
    await general.send({ content: `<@${alice}> over here`, allowedMentions: { users: [alice] } });
    await bot.client.users.send(alice, { content: "a word in private" });

    // Badges: #general 1, the DM 1, Alice 2 (beside "Acting as" and in the user list); #games none.
    await page.waitForSelector(".chan[data-channel=general] .badge >> text=1");
    await page.waitForSelector(".chan[data-channel=dm] .badge >> text=1");
    await page.waitForSelector("#mebadge:not([hidden]) >> text=2");
    expect(await page.locator(".chan[data-channel=games] .badge").count()).toBe(0);
    await page.waitForFunction(() =>
      document.querySelector("#user option[value=alice]")?.textContent?.includes("2 unread"),
    );

    // Viewing #general reads its ping (in the page and in the local Discord); then the DM.
    await page.click(".chan[data-channel=general]");
    await page.waitForSelector(".msg >> text=over here");
    await page.waitForFunction(() => !document.querySelector(".chan[data-channel=general] .badge"));
    await page.waitForSelector("#mebadge >> text=1");
    expect((await pings()).map((p) => p.channelId)).toEqual([store.dmOf(alice)!.id]);
    await page.click(".chan[data-channel=dm]");
    await page.waitForSelector(".msg >> text=a word in private");
    await page.waitForSelector("#mebadge[hidden]", { state: "attached" });
    expect(await pings()).toEqual([]);

    // A ping in the channel being viewed is read at once.
    await page.click(".chan[data-channel=general]");
    await page.waitForSelector(".chan.active[data-channel=general]");
    await general.send({ content: `<@${alice}> again`, allowedMentions: { users: [alice] } });
    await page.waitForSelector(".msg >> text=again");
    for (let tries = 0; (await pings()).length > 0; tries++) {
      if (tries > 200) throw new Error("the ping in the viewed channel stayed unread");
      await sleep(50);
    }
    // The page hears of the read ping a moment after the local Discord records it.
    await page.waitForFunction(() => document.querySelectorAll(".chan .badge").length === 0);
  });
});
