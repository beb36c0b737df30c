import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  PermissionFlagsBits,
  type TextChannel,
} from "discord.js";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, sleep, solidPng, startBot, startDiscord, stopBot, type TestBot, waitFor } from "./harness.ts";

// The page is exercised in a real browser when one is installed; otherwise these tests are skipped.
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync);

describe.skipIf(!CHROMIUM)("playground page", () => {
  let discord: LocalDiscord;
  let bot: TestBot;
  let browser: Browser;
  let page: Page;

  /** The locale of each /nickar challenge the bot got. */
  const locales: string[] = [];
  /** A text channel as the bot sees it. */
  const channel = async (name: string) =>
    (await bot.client.channels.fetch(discord.context.store.findChannel(name)!.id)) as TextChannel;
  const gap = () =>
    page.evaluate(() => {
      const box = document.getElementById("messages")!;
      return box.scrollHeight - box.scrollTop - box.clientHeight;
    });

  beforeAll(async () => {
    discord = await startDiscord({ ackTimeoutMs: 3000 });
    bot = await startBot(discord);
    await bot.client.application!.commands.set(allCommands, discord.guildId);
    bot.commands.set("nickar challenge", (i) => {
      locales.push(i.locale);
      return i.reply({
        content: `${i.user} challenges ${i.options.getUser("opponent")}`,
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId("accept").setLabel("Accept").setStyle(ButtonStyle.Success),
          ),
        ],
      });
    });
    bot.commands.set("test echo", (i) => i.reply(`said: ${i.options.getString("text")}`));
    bot.components.set("accept", (i) => i.update({ content: "Accepted!", components: [] }));
    bot.commands.set("test secret", (i) => i.reply({ content: "psst", flags: MessageFlags.Ephemeral }));
    bot.autocomplete.set("nickar", (i) => i.respond([{ name: "Haitian Kay", value: "haiti" }]));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(discord.url);
    await page.waitForSelector(".chan.active");
  });

  afterAll(async () => {
    await browser?.close();
    await stopBot(bot);
    await discord?.close();
  });

  // A whole command is sent with Enter, whatever the box suggests.
  const send = async (text: string) => {
    await page.fill("#input", text);
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
  it("composer - Enter sends a whole command while a suggestion shows - required options filled", async () => {
    await page.click(".chan[data-channel=games]");
    await page.fill("#input", "/nickar challenge opponent:@bob");
    await page.waitForSelector("#popup .it >> text=@bob");
    const before = await page.locator(".msg").count();
    await page.press("#input", "Enter");
    await page.waitForFunction((n) => document.querySelectorAll(".msg").length > n, before);
    expect(await page.inputValue("#input")).toBe("");
  });

  it("composer - Tab takes the suggestion, and so does Enter while the command misses something - partial input", async () => {
    await page.fill("#input", "/nickar chal");
    await page.waitForSelector("#popup .it >> text=challenge");
    await page.press("#input", "Enter");
    expect(await page.inputValue("#input")).toBe("/nickar challenge ");
    await page.fill("#input", "/nickar challenge opponent:@bo");
    await page.waitForSelector("#popup .it >> text=@bob");
    await page.press("#input", "Tab");
    expect(await page.inputValue("#input")).toBe("/nickar challenge opponent:@bob ");
    await page.fill("#input", "");
  });

  it("composer - an unquoted last value with spaces is taken whole - string option", async () => {
    await send("/test echo text:testing the cancel");
    await page.waitForSelector(".msg >> text=said: testing the cancel");
  });

  it("view - stays at the newest message when its image loads late, not when the reader scrolled up - image", async () => {
    await page.click(".chan[data-channel=games]");
    const games = await channel("games");
    await games.send(Array.from({ length: 40 }, (_, n) => `line ${n}`).join("\n"));
    await page.waitForSelector(".msg >> text=line 39");
    // The image arrives well after its message, as a board rendered on a busy machine would.
    await page.route("**/attachments/**", async (route) => {
      await sleep(600);
      await route.continue();
    });
    await games.send({ content: "the board", files: [{ attachment: solidPng(300, 420), name: "tall.png" }] });
    await page.waitForFunction(() => {
      const img = Array.from(document.querySelectorAll<HTMLImageElement>(".attach img")).pop();
      return img?.complete && img.naturalHeight === 420;
    });
    await page.waitForFunction(() => {
      const box = document.getElementById("messages")!;
      return box.scrollHeight - box.scrollTop - box.clientHeight < 2;
    });
    await page.unroute("**/attachments/**");

    // A reader who scrolled up stays where they are.
    await page.evaluate(() => {
      document.getElementById("messages")!.scrollTop = 0;
    });
    await sleep(100);
    await games.send("one more");
    await page.waitForSelector(".msg >> text=one more");
    await sleep(200);
    expect(await page.evaluate(() => document.getElementById("messages")!.scrollTop)).toBe(0);
    expect(await gap()).toBeGreaterThan(100);
  });

  it("language picker - the composer offers the command's names in the user's language, and they work - fr", async () => {
    const alice = discord.context.store.findUser("alice")!.id;
    await page.selectOption("#user", "alice");
    await page.selectOption("#locale", "fr");
    await waitFor(() => discord.context.store.localeOf(alice) === "fr");
    await page.fill("#input", "/nickar d");
    await page.waitForSelector("#popup .it >> text=defier");
    await page.press("#input", "Tab");
    expect(await page.inputValue("#input")).toBe("/nickar defier ");
    await page.waitForSelector("#popup .it >> text=adversaire");
    const before = locales.length;
    await send("/nickar defier adversaire:@bob");
    await waitFor(() => locales.length > before);
    expect(locales.at(-1)).toBe("fr");
    await page.selectOption("#locale", "en-US");
    await waitFor(() => discord.context.store.localeOf(alice) === "en-US");
    await page.fill("#input", "/nickar c");
    await page.waitForSelector("#popup .it >> text=challenge");
    await page.fill("#input", "");
  });

  it("command list - a command for Manage Server is not offered to a member without it - alice, then admin", async () => {
    await page.selectOption("#user", "alice");
    await page.waitForFunction(() => localStorage.getItem("nickar.user") === "alice");
    await page.fill("#input", "/");
    await page.waitForSelector("#popup .it >> text=/nickar");
    expect(await page.locator("#popup .it", { hasText: "/reset" }).count()).toBe(0);
    await page.selectOption("#user", "admin");
    await page.waitForFunction("state.commands.some((c) => c.name === 'reset')");
    await page.fill("#input", "");
    await page.fill("#input", "/");
    await page.waitForSelector("#popup .it >> text=/reset");
    await page.fill("#input", "");
    await page.selectOption("#user", "alice");
  });

  it("members - each user's roles show under their name, following a role the bot gives and the driver takes - Champion", async () => {
    const admin = page.locator("#members .member", { hasText: "admin" });
    await admin.locator(".rchip >> text=Admins").waitFor();
    const role = await driver(discord, "/local/roles", { name: "Champion", color: "#f1c40f" });
    await driver(discord, "/local/roles/bot", {
      permissions: ["ManageRoles", "ViewChannel", "SendMessages"],
      position: 9,
    });
    const guild = await bot.client.guilds.fetch(discord.guildId);
    const alice = await guild.members.fetch({ user: discord.context.store.findUser("alice")!.id, force: true });
    await alice.roles.add(role.body.id);
    const chip = page.locator('#members .member[data-user="alice"] .rchip', { hasText: "Champion" });
    await chip.waitFor();
    // Small, beside the name (the list is drawn again at each update: read it in one go).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('#members .member[data-user="alice"] .rchip')).some(
        (n) => n.textContent === "Champion" && getComputedStyle(n).fontSize === "11px",
      ),
    );
    await driver(discord, "/local/users/alice/roles", { role: "Champion", remove: true });
    await chip.waitFor({ state: "detached" });
  });

  it("timestamps - relative ones read as Discord reads them, dates in the user's language - <t:…:R>, <t:…:D>", async () => {
    const now = Math.floor(Date.now() / 1000);
    await (await channel("games")).send(
      `starts <t:${now + 300}:R>, began <t:${now - 3 * 3600}:R>, on <t:1618932000:D>`,
    );
    await page.waitForSelector(".ts >> text=in 5 minutes");
    await page.waitForSelector(".ts >> text=3 hours ago");
    await page.waitForSelector(".ts >> text=April 20, 2021");
  });

  it("message links - a board link jumps to its message, highlighted, within the page - another channel", async () => {
    await page.click(".chan[data-channel=games]");
    const target = await (await channel("general")).send("the board itself");
    const link = `https://discord.com/channels/${discord.guildId}/${target.channelId}/${target.id}`;
    await (await channel("games")).send(`The board: ${link}`);
    await page.locator(".msg a.msglink").last().click();
    await page.waitForSelector(".chan.active[data-channel=general]");
    await page.waitForSelector(`.msg.highlight[data-id="${target.id}"]`);
    expect(page.url().startsWith(discord.url)).toBe(true);
  });

  it("role mentions - the role's name, as Discord shows it, and @deleted-role for one that is gone - <@&id>", async () => {
    // The test before leaves the page on another channel (a message link's jump).
    await page.click(".chan[data-channel=games]");
    const role = await driver(discord, "/local/roles", { name: "Referee", color: "#3498db" });
    await (await channel("games")).send(`ask <@&${role.body.id}> or <@&1234567890123456789>`);
    await page.waitForSelector(".mention.role >> text=@Referee");
    await page.waitForSelector(".mention.role >> text=@deleted-role");
  });

  it("roles panel - a role created, given and taken, and Nickar's Manage Roles unticked then ticked - page controls", async () => {
    await page.fill("#newrole", "Scorer");
    await page.click("#addrole");
    await page.waitForSelector("#rolelist .rchip >> text=Scorer");
    await page.selectOption("#roleuser", "bob");
    await page.selectOption("#rolepick", { label: "Scorer" });
    await page.click("#giverole");
    const chip = page.locator('#members .member[data-user="bob"] .rchip', { hasText: "Scorer" });
    await chip.waitFor();
    await page.click("#takerole");
    await chip.waitFor({ state: "detached" });

    // Discord refuses the bot's role changes without Manage Roles; the box is that permission of its role.
    const botManages = () =>
      (BigInt(discord.context.store.botRole().permissions) & PermissionFlagsBits.ManageRoles) !== 0n;
    await driver(discord, "/local/roles/bot", {
      permissions: ["ManageRoles", "ViewChannel", "SendMessages"],
      position: 9,
    });
    await page.waitForFunction(() => (document.getElementById("manageroles") as HTMLInputElement).checked);
    await page.uncheck("#manageroles");
    await waitFor(() => !botManages());
    expect(BigInt(discord.context.store.botRole().permissions) & PermissionFlagsBits.SendMessages).not.toBe(0n);
    const guild = await bot.client.guilds.fetch(discord.guildId);
    const bob = await guild.members.fetch({ user: discord.context.store.findUser("bob")!.id, force: true });
    const scorer = discord.context.store.findRole("Scorer")!.id;
    await expect(bob.roles.add(scorer)).rejects.toMatchObject({ status: 403, code: 50013 });
    await page.check("#manageroles");
    await waitFor(() => botManages());
    await bob.roles.add(scorer);
    await chip.waitFor();
  });

  // Last of this block: the clock never goes back, and the other tests read times against real time.
  it("clock - +1 hour and +1 day move the clock and every relative time - page buttons", async () => {
    const now = Math.floor(Date.now() / 1000);
    await page.click(".chan[data-channel=games]");
    await (await channel("games")).send(`the arena ends <t:${now + 5 * 3600}:R>`);
    await page.waitForSelector(".ts >> text=in 5 hours");
    await page.click("#plushour");
    await page.waitForSelector(".ts >> text=in 4 hours");
    expect(discord.clock.offsetMs).toBe(3_600_000);
    await page.click("#plusday");
    await page.waitForSelector(".ts >> text=20 hours ago");
    expect(discord.clock.offsetMs).toBe(25 * 3_600_000);
  });
});

describe.skipIf(!CHROMIUM)("playground page - failures and restarts", () => {
  const dir = mkdtempSync(join(tmpdir(), "local-discord-page-"));
  const statePath = join(dir, "world.json");
  // A short deadline: the page must show Discord's failure once it has passed.
  const options = { ackTimeoutMs: 700, statePath };
  let discord: LocalDiscord;
  let bot: TestBot;
  let browser: Browser;
  let page: Page;

  const handlers = (b: TestBot) => {
    const row = (...ids: string[]) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        ids.map((id) => new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary)),
      );
    b.commands.set("test reply", (i) => i.reply({ content: "buttons", components: [row("silent", "press")] }));
    b.commands.set("test secret", (i) =>
      i.reply({ content: "psst", components: [row("press")], flags: MessageFlags.Ephemeral }),
    );
    b.components.set("press", (i) => i.update({ content: "pressed", components: [] }));
  };

  beforeAll(async () => {
    discord = await startDiscord(options);
    bot = await startBot(discord);
    await bot.client.application!.commands.set(allCommands, discord.guildId);
    handlers(bot);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(discord.url);
    await page.waitForSelector(".chan.active");
    await page.selectOption("#user", "alice");
  });

  afterAll(async () => {
    await browser?.close();
    await stopBot(bot);
    await discord?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const toasts = () => page.locator("#toast").textContent();

  it("interaction failed - shown under the message once the deadline passed - a press the bot never acknowledges", async () => {
    await page.fill("#input", "/test reply");
    await page.press("#input", "Enter");
    const message = page.locator(".msg", { hasText: "buttons" });
    await message.waitFor();
    const pressed = Date.now();
    await message.locator(".btn >> text=silent").click();
    await message.locator(".failed >> text=This interaction failed").waitFor();
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(650);
  });

  it("interaction failed - a press on a message the presser cannot see fails as on Discord, without a raw error - user switched", async () => {
    await page.fill("#input", "/test secret");
    await page.press("#input", "Enter");
    const secret = page.locator(".msg.eph", { hasText: "psst" });
    await secret.waitFor();
    // The page still shows Alice's message while Bob presses (a switch not yet drawn).
    await page.evaluate("state.user = 'bob'");
    await secret.locator(".btn >> text=press").click();
    await secret.locator(".failed >> text=This interaction failed").waitFor();
    expect(await toasts()).not.toContain("visible to");
    await page.evaluate("state.user = 'alice'");
  });

  it("restart - the page shows the bot's state, finds the restarted local Discord and its saved messages, and an old button works - same state file and port", async () => {
    await page.waitForSelector("#bottext >> text=Nickar online");
    await stopBot(bot);
    await page.waitForSelector("#bottext >> text=Nickar offline");
    const port = Number(new URL(discord.url).port);
    await discord.close();
    await page.waitForSelector("#bottext >> text=not reachable");

    discord = await startDiscord({ ...options, port });
    bot = await startBot(discord);
    handlers(bot);
    await page.waitForSelector("#bottext >> text=Nickar online");
    const message = page.locator(".msg", { hasText: "buttons" });
    await message.locator(".btn >> text=press").click();
    await page.waitForSelector(".msg >> text=pressed");
  });
});
