// The playground's Activity panel in a real browser: a LAUNCH_ACTIVITY answer or the App Launcher
// opens the app's page (served by a stand-in target through the Activity's origin) in an iframe for
// the user who launched it, and Close leaves the instance.
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { driver, startBot, startDiscord, stopBot, type TestBot, waitFor } from "./harness.ts";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync);

describe.skipIf(!CHROMIUM)("playground Activity panel", () => {
  let discord: LocalDiscord;
  let bot: TestBot;
  let target: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // The bot's Activity page in miniature: it shows the path and query it was loaded with.
    target = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><p id="where">${(req.url ?? "").replace(/[<&]/g, "")}</p>`);
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    discord = await startDiscord({
      ackTimeoutMs: 3000,
      activityTarget: `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
    });
    bot = await startBot(discord);
    await bot.client.application!.commands.set([{ name: "play", description: "Open the board" }], discord.guildId);
    await bot.client.application!.commands.create({
      name: "launch",
      description: "Open the board",
      type: 4,
      handler: 2,
    } as never);
    bot.commands.set("play", (i) => i.launchActivity());
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
    target?.closeAllConnections();
    await new Promise((resolve) => target?.close(resolve));
  });

  const frameText = () => page.frameLocator("#activityframe").locator("#where").textContent();

  it("activity panel - opens the page through the Activity's origin with Discord's query - LAUNCH_ACTIVITY answer to /play", async () => {
    await page.fill("#input", "/play");
    await page.press("#input", "Enter");
    await page.waitForSelector("#activity:not([hidden])");
    const src = new URL((await page.getAttribute("#activityframe", "src"))!);
    expect(src.origin).toBe(new URL(discord.activityUrl).origin);
    const alice = discord.context.store.findUser("alice")!;
    const [instance] = discord.context.activity.list();
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      instance_id: instance.instance_id,
      channel_id: instance.location.channel_id,
      guild_id: discord.guildId,
      platform: "desktop",
      local_discord: "1",
      user_id: alice.id,
    });
    expect(src.searchParams.get("frame_id")).toBeTruthy();
    // The user's language is not in Discord's query: the app asks Discord for it (GET /users/@me).
    expect(src.searchParams.has("locale")).toBe(false);
    expect(await frameText()).toContain(`instance_id=${instance.instance_id}`);
  });

  it("activity panel - Close leaves the instance - close button", async () => {
    await page.click("#activityclose");
    await page.waitForSelector("#activity[hidden]", { state: "attached" });
    await waitFor(() => discord.context.activity.list().length === 0);
  });

  it("activity panel - not opened for another user's launch - bob launches", async () => {
    const r = await driver(discord, "/local/command", { user: "bob", channel: "games", text: "/play" });
    expect(r.status).toBe(200);
    await page.waitForTimeout(300);
    expect(await page.isHidden("#activity")).toBe(true);
    await driver(discord, "/local/activity/leave", { user: "bob", instance: r.body.activity.instance_id });
  });

  it("App Launcher - its entry runs the entry point and opens the panel - handler 2", async () => {
    await page.waitForSelector("#launcher:not([hidden])");
    await page.click("#launcher");
    await page.click("#launchentry");
    await page.waitForSelector("#activity:not([hidden])");
    expect(await frameText()).toContain("local_discord=1");
    await page.click("#activityclose");
    await waitFor(() => discord.context.activity.list().length === 0);
  });
});
