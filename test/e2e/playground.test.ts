// "Try it without Discord": `npm start` with no token, and the playground page played in a real
// (headless) Chromium against the real bot.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports.ts";
import {
  type Child,
  Driver,
  gameRef,
  gameRow,
  type Stack,
  spawnChild,
  startStack,
  tempDir,
  waitFor,
} from "./harness.ts";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync);

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

describe.skipIf(!CHROMIUM)("the playground page in Chromium", () => {
  let stack: Stack;
  let profile: string;
  let browser: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    profile = mkdtempSync(join(tmpdir(), "nickar-e2e-chromium-"));
    // A fresh --user-data-dir (playwright passes it for a persistent context).
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(60_000);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** Acting as `user` (the page then reads the channel again as that user; clicks are theirs at once). */
  async function actAs(user: string) {
    if ((await page.inputValue("#user")) === user) return;
    await page.selectOption("#user", user);
    await page.waitForFunction((name) => localStorage.getItem("nickar.user") === name, user);
  }

  /** The board message (the one with house buttons) and its image. */
  const board = () => page.locator(".msg", { has: page.locator(".attach img") }).last();
  const boardSrc = () => board().locator(".attach img").getAttribute("src");

  /** Waits until the board image is `src` and the browser decoded it. */
  async function imageLoaded(src: string) {
    await page.waitForFunction((want) => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>(".msg .attach img"));
      const img = images.find((i) => i.src === want);
      return img?.complete === true && img.naturalWidth > 0;
    }, src);
  }

  it("playground - a challenge typed, accepted and played by clicking, the board redrawn each move - two users", async () => {
    await page.goto(stack.playground.url);
    await page.waitForSelector(".chan.active");
    await page.waitForFunction(() => document.querySelector("#bottext")?.textContent?.endsWith("online"));
    await page.selectOption("#user", "alice");

    // The admins' command is not offered to Alice (Discord hides it from members without Manage Server).
    await page.fill("#input", "/nickar");
    await page.waitForSelector("#popup .it >> text=/nickar");
    expect(await page.locator("#popup .it", { hasText: "/nickar-admin" }).count()).toBe(0);

    // Alice types the challenge in the message box; Enter sends it while the box still suggests a value.
    await page.fill("#input", "/nickar challenge opponent:@bob ruleset:abapa first:me");
    await page.press("#input", "Enter");
    await page.waitForSelector(".msg >> text=challenges");
    expect(await page.inputValue("#input")).toBe("");

    // Bob accepts: the challenge becomes the board, with an image and house buttons.
    await actAs("bob");
    await page.click(".btn >> text=Accept");
    await page.waitForSelector(".msg .attach img");
    let src = (await boardSrc())!;
    await imageLoaded(src);
    const messageId = (await board().getAttribute("data-id"))!;
    const gameId = /^g:([^:]+):/.exec((await board().locator(".btn").first().getAttribute("title"))!)![1];

    for (let ply = 0; ply < 4; ply++) {
      // The page says who is to move ("@alice to move (South)"); act as them.
      const text = (await board().locator(".content").first().textContent()) ?? "";
      const mover = /@(\w+) to move/.exec(text)?.[1];
      expect(mover, text).toMatch(/^(alice|bob)$/);
      await actAs(mover!);
      const house = board().locator(".btn:not([disabled])", { hasText: "·" }).first();
      await house.click();
      // The message is edited in place: a new image, which the browser loads.
      const next = await waitFor(
        async () => {
          const now = await boardSrc();
          return now && now !== src ? now : undefined;
        },
        `a new board image after move ${ply + 1}`,
      );
      await imageLoaded(next);
      expect(next).toMatch(new RegExp(`-${ply + 1}\\.png$`));
      src = next;
      expect(await board().getAttribute("data-id")).toBe(messageId);
    }

    const response = await fetch(src);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(gameRow(stack.database, gameId)).toMatchObject({ ply: 4, status: "active" });
  }, 180_000);
});

describe("npm start without a token", () => {
  let child: Child | undefined;
  const temp = tempDir();

  afterAll(async () => {
    // npm runs tsx, which runs node: the whole process group is ours.
    if (child && child.process.exitCode === null && child.process.pid) {
      try {
        process.kill(-child.process.pid, "SIGKILL");
      } catch {}
      await child.exited;
    }
    temp.remove();
  });

  const databasePath = join(temp.dir, "data", "nickar.db");

  /** `npm start` on the test's database; resolves with the playground's address. */
  async function start(): Promise<string> {
    const port = await freePort();
    child = spawnChild("npm", ["start"], { PORT: String(port), DATABASE_PATH: databasePath }, true);
    const [line, url] = await child.waitForOutput(/Playground: (http:\/\/127\.0\.0\.1:\d+)\n/, 90_000);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(line).not.toContain("DISCORD_TOKEN");
    return url;
  }

  /** Ctrl-C in a terminal signals the whole group; the bot shuts down cleanly. */
  async function stop() {
    process.kill(-child!.process.pid!, "SIGINT");
    await child!.waitForOutput(/"msg":"shutting down"/);
    await waitFor(() => child!.process.exitCode !== null || child!.process.signalCode !== null, "npm to exit");
  }

  it("npm start - prints the playground URL, serves the page, the bot answers - no DISCORD_TOKEN", async () => {
    const url = await start();

    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain('id="messages"');

    const info = await (await fetch(`${url}/local/info`)).json();
    expect(info.botConnected).toBe(true);
    const answer = await fetch(`${url}/local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: "alice", channel: "games", text: "/nickar rules ruleset:haiti" }),
    });
    expect(answer.status).toBe(200);
    expect(existsSync(databasePath)).toBe(true);
    // The live board is served too: the Activity's origin maps to the bot, which registered its entry point.
    const activity = await (await fetch(`${url}/local/activity`)).json();
    expect(activity).toMatchObject({ enabled: true, entryPoint: { name: "launch" } });
    expect(activity.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const board = await fetch(activity.activityUrl);
    expect(board.status).toBe(200);
    expect(await board.text()).toContain('id="app"');
    await stop();
  }, 120_000);

  it("npm start - a restart keeps the local Discord's users, their settings and messages, and an old button works - same database", async () => {
    let driver = new Driver(await start());
    await driver.setUser("carol", { locale: "fr" });
    const challenge = await driver.command("alice", "/nickar challenge opponent:@carol ruleset:abapa first:me");
    expect(challenge.status).toBe(200);
    const messageId: string = challenge.body.messages[0].id;
    await stop();
    expect(existsSync(`${databasePath}.local-discord.json`)).toBe(true);

    driver = new Driver(await start());
    const users = (await driver.call("/local/users")).body as { id: string; username: string; locale: string }[];
    expect(users.find((u) => u.username === "carol")?.locale).toBe("fr");
    const before = await driver.message(messageId);
    expect(before?.content).toContain(`<@${users.find((u) => u.username === "alice")!.id}>`);
    const accepted = await driver.click("carol", messageId, "Accept");
    expect(accepted.status).toBe(200);
    await waitFor(async () => gameRef((await driver.message(messageId))!) ?? undefined, "the board after Accept");
    await stop();
  }, 180_000);
});
