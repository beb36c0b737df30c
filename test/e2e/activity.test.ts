// The Activity in Chromium: the real page (bundled by the bot), the real bot as its own process (token
// mode, ACTIVITY_PORT) and the real local Discord, whose Activity origin proxies to the bot as Discord's
// does. One bot start for the whole file (a second after the restart test's kill).
import { existsSync } from "node:fs";
import axe from "axe-core";
import type { APIMessage } from "discord-api-types/v10";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ServerMessage } from "../../src/activity/core/protocol.ts";
import { deployCommands } from "../../src/bin/deploy-commands.ts";
import { openDatabase } from "../../src/db/client.ts";
import da from "../../src/i18n/locales/da/activity.json" with { type: "json" };
import en from "../../src/i18n/locales/en/activity.json" with { type: "json" };
import { freePort } from "../support/ports.ts";
import { type BotWorld, botWorld } from "./bot-process.ts";
import { buttonsOf, type Child, gameRow, startGame, waitFor, waitForPly } from "./harness.ts";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync);
const TOKEN = "e2e.activity.token";

/** A whole Haitian game in 23 moves (South wins): South's on the board, North's with the buttons. */
const HAITI_GAME = [2, 1, 3, 1, 2, 3, 4, 1, 1, 6, 3, 5, 5, 2, 6, 6, 1, 3, 5, 1, 2, 2, 4];

describe.skipIf(!CHROMIUM)("the Activity in Chromium", () => {
  let world: BotWorld;
  let bot: Child;
  let browser: Browser;
  let env: Record<string, string>;
  let database: ReturnType<typeof openDatabase> | undefined;
  /** The bot's database, as the test reads it. */
  const moves = (gameId: string) => {
    database ??= openDatabase(world.databasePath);
    return JSON.parse(gameRow(database, gameId)!.moves) as number[];
  };

  beforeAll(async () => {
    world = await botWorld(TOKEN);
    const port = await freePort();
    const { discord } = world;
    // The entry point is global (Discord's rule), beside the server's commands.
    await deployCommands({
      token: TOKEN,
      applicationId: discord.applicationId,
      guildId: discord.guildId,
      apiUrl: discord.apiUrl,
      activity: true,
    });
    // The developer portal's URL mapping: the Activity's origin → the bot's Activity server.
    await fetch(`${discord.url}/local/applications/${discord.applicationId}/activity-url`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ target: `http://127.0.0.1:${port}` }),
    });
    env = { ACTIVITY_PORT: String(port), DISCORD_CLIENT_SECRET: discord.clientSecret };
    bot = await world.start(env);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    database?.close();
    await world?.close();
  });

  /** Presses Play on the board as `user` (LAUNCH_ACTIVITY) and opens the page the panel would, at the Activity's origin. */
  async function openBoard(
    user: string,
    messageId: string,
    reducedMotion: boolean,
    viewport = { width: 1280, height: 800 },
  ): Promise<Page> {
    const { driver, discord } = world;
    const launched = await driver.click(user, messageId, "Play on the board");
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const instance = launched.body.activity;
    expect(instance?.location?.channel_id).toBeTruthy();
    const query = new URLSearchParams({
      instance_id: instance.instance_id,
      frame_id: "e2e",
      channel_id: instance.location.channel_id,
      guild_id: discord.guildId,
      platform: "desktop",
      local_discord: "1",
      user_id: driver.idOf(user),
    });
    const context = await browser.newContext({ reducedMotion: reducedMotion ? "reduce" : "no-preference", viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${discord.activityUrl}?${query}`);
    return page;
  }

  const atVersion = (page: Page, version: number) => page.waitForSelector(`#app[data-version="${version}"]`);

  /** A socket to the bot through the Activity's origin, signed in as `user` the SDK's way (code → token). */
  async function socketAs(user: string): Promise<{ ws: WebSocket; received: ServerMessage[] }> {
    const { driver, discord } = world;
    const { body } = await driver.call("/local/activity/authorize", { user, scope: ["identify"] });
    const token = await fetch(`${discord.activityUrl}.proxy/api/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: body.code }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const ws = new WebSocket(`${discord.activityUrl.replace(/^http/, "ws")}.proxy/ws`);
    const received: ServerMessage[] = [];
    ws.on("message", (data) => received.push(JSON.parse(String(data)) as ServerMessage));
    await new Promise((resolve) => ws.once("open", resolve));
    const channel = (await driver.messages("games"))[0]?.channel_id ?? "";
    ws.send(JSON.stringify({ type: "hello", token: token.access_token, channelId: channel }));
    return { ws, received };
  }

  it("activity - a whole game, South on the board and North with buttons, a spectator seeing both - haiti", async () => {
    const { driver } = world;
    await driver.users("alice", "bob", "carol");
    // Carol's Discord is in Danish (her browser says English): the page speaks Danish to her.
    await driver.setUser("carol", { locale: "da" });
    const { gameId, messageId } = await startGame(driver, "alice", "bob", "haiti");
    const alice = await openBoard("alice", messageId, true);
    const carol = await openBoard("carol", messageId, false);
    await atVersion(alice, 0);
    await atVersion(carol, 0);
    expect(await carol.locator("html").getAttribute("lang")).toBe("da");
    expect(await carol.locator(".keys").textContent()).toBe(da.keys);
    expect(await carol.locator(".turn").textContent()).toContain(da.watching);
    expect(await alice.locator(".keys").textContent()).toBe(en.keys);
    // The spectator sees the board but cannot press it, nor resign or offer anything.
    expect(await carol.locator(".house.legal").count()).toBe(0);
    expect(await carol.locator(".actions button").count()).toBe(0);

    for (let ply = 0; ply < HAITI_GAME.length; ply++) {
      const house = HAITI_GAME[ply];
      if (ply % 2 === 0) {
        await alice.waitForSelector(`#app[data-version="${ply}"] .house.legal[data-pit="${house - 1}"]`);
        // Half the moves by keyboard (the house's letter, as /nickar move), half by clicking.
        if (ply % 4 === 0) await alice.keyboard.press(String.fromCharCode(64 + house));
        else await alice.click(`.house[data-pit="${house - 1}"]`);
      } else {
        // The Discord message is brought up to date by the board's move, so its buttons are this ply's.
        const message: APIMessage = await waitForPly(driver, messageId, ply);
        const id = `g:${gameId}:${ply}:m:${house}`;
        expect(buttonsOf(message).map((b) => b.custom_id)).toContain(id);
        const clicked = await driver.click("bob", messageId, id);
        expect(clicked.status, JSON.stringify(clicked.body)).toBe(200);
      }
      await atVersion(alice, ply + 1);
    }
    await alice.waitForSelector('#app[data-status="finished"]');
    await carol.waitForSelector(`#app[data-version="${HAITI_GAME.length}"][data-status="finished"]`);
    expect(moves(gameId)).toEqual(HAITI_GAME);
    expect(gameRow(database!, gameId)!.winner).toBe(0);
    // The result with the rating change and Rematch; the narration said the last move in words.
    expect(await alice.locator(".result .banner").textContent()).toMatch(/alice/i);
    expect(await alice.locator(".result .rating").count()).toBe(2);
    expect(await alice.locator(".result button").count()).toBe(1);
    expect(await alice.locator(".narration").textContent()).toMatch(/alice|bob/);
    expect(await alice.locator(".narration").getAttribute("aria-live")).toBe("polite");
    // The end (result, ratings, Rematch) and the spectator's view pass the same checks as the game.
    expect(await accessibilityViolations(alice)).toEqual([]);
    expect(await accessibilityViolations(carol)).toEqual([]);
    // The Discord message ended in step, and Bob was told of his turns by notices.
    const final = await waitForPly(driver, messageId, HAITI_GAME.length);
    expect(final.content).toContain(`**<@${driver.idOf("alice")}> wins`);
    expect((await driver.pings("bob", true)).length).toBeGreaterThan(0);
  }, 240_000);

  /** axe-core's WCAG 2.2 A and AA rules (contrast, names, target sizes…) on the page as it is: the rules broken. */
  async function accessibilityViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ content: axe.source });
    const found = await page.evaluate(async () => {
      const run = (globalThis as unknown as { axe: typeof axe }).axe.run;
      const results = await run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    return found;
  }

  it("activity - passes WCAG 2.2 AA checks and fits a phone's width as a desktop's - axe-core, 360 and 1280 px", async () => {
    const { driver } = world;
    await driver.users("alice", "bob");
    const { messageId } = await startGame(driver, "alice", "bob", "abapa");
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const page = await openBoard("alice", messageId, true, viewport);
      await page.waitForSelector('#app[data-version="0"] .house.legal');
      // The player's actions and a question shown too: Resign asks first.
      await page.click(".actions button.danger");
      expect(await accessibilityViolations(page)).toEqual([]);
      // No sideways scrolling, and every house and button whole on the screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      for (const box of await page
        .locator(".house, .actions button")
        .evaluateAll((all) => all.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewport.width);
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      }
      await page.context().close();
    }
  }, 120_000);

  it("activity - the App Launcher's entry point is answered by the bot with LAUNCH_ACTIVITY - /launch", async () => {
    const { driver } = world;
    await driver.users("alice");
    const launched = await driver.call("/local/launch", { user: "alice", channel: "games" });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    expect(launched.body.activity?.users).toContain(driver.idOf("alice"));
  });

  it("activity - a stale page and a user not seated are refused, nothing played - through the proxy", async () => {
    const { driver } = world;
    const { gameId, messageId } = await startGame(driver, "alice", "bob", "abapa");
    const alice = await socketAs("alice");
    const carol = await socketAs("carol");
    await waitFor(() => alice.received.some((m) => m.type === "game"), "alice's game");
    await waitFor(() => carol.received.some((m) => m.type === "welcome"), "carol's welcome");
    carol.ws.send(JSON.stringify({ type: "watch", gameId }));
    carol.ws.send(JSON.stringify({ type: "act", gameId, version: 0, action: { kind: "move", house: 1 }, nonce: "c1" }));
    const refusedCarol = await waitFor(
      () => carol.received.find((m) => m.type === "refused" && m.nonce === "c1"),
      "carol refused",
    );
    expect(refusedCarol).toMatchObject({ code: "game/not-yours" });
    await driver.click("alice", messageId, `g:${gameId}:0:m:3`);
    alice.ws.send(JSON.stringify({ type: "act", gameId, version: 0, action: { kind: "move", house: 4 }, nonce: "a1" }));
    const refusedAlice = await waitFor(
      () => alice.received.find((m) => m.type === "refused" && m.nonce === "a1"),
      "alice's stale move refused",
    );
    expect(refusedAlice).toMatchObject({ code: "game/stale" });
    expect(moves(gameId)).toEqual([3]);
    alice.ws.close();
    carol.ws.close();
  }, 60_000);

  it("activity - the page reconnects after the bot restarts and catches up, nothing lost - kill -9", async () => {
    const { driver } = world;
    const { gameId, messageId } = await startGame(driver, "alice", "bob", "abapa");
    const alice = await openBoard("alice", messageId, true);
    await alice.waitForSelector(`#app[data-game="${gameId}"][data-version="0"] .house.legal`);
    await alice.keyboard.press("C");
    await atVersion(alice, 1);
    // The game message shows the move before the kill (an edit under way dies with the process, as a press's does).
    await waitForPly(driver, messageId, 1);
    bot.process.kill("SIGKILL");
    await bot.exited;
    await alice.waitForSelector("body.offline");
    bot = await world.start(env);
    // Bob moves with a button as soon as the bot is back, maybe before the page has reconnected.
    expect((await driver.click("bob", messageId, `g:${gameId}:1:m:2`)).status).toBe(200);
    await alice.waitForSelector(`#app[data-version="2"] .house.legal`);
    expect(await alice.locator("body.offline").count()).toBe(0);
    await alice.keyboard.press("D");
    await atVersion(alice, 3);
    await waitForPly(driver, messageId, 3);
    expect(moves(gameId)).toEqual([3, 2, 4]);
  }, 120_000);
});
