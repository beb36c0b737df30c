/**
 * The Activity's figures (issue 35), with the bot as `npm start` runs it against Discord (`node
 * scripts/start.mjs`: the compiled build, made first) against a local Discord in this process, as the
 * footprint benchmark starts it:
 *
 * - the page's first load: the bytes of `/`, `/main.js` and `/style.css` as they cross the wire
 *   (gzipped), fetched through the local Discord's Activity origin (its proxy, as Discord's);
 * - a move from the click to the other viewer's screen: a player's socket sends the move through the
 *   proxy, and the time runs until the other player's socket (also through the proxy) receives the
 *   game at the next version; two sockets alternate for `--moves` moves of a game;
 * - the bot's idle memory (VmRSS, as bench/footprint.ts reads it) with the Activity server off, on, and
 *   on after the page was served once.
 *
 *   npx tsx bench/activity.ts [--moves 40] [--no-build]     (npm run bench:activity)
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createLocalDiscord, type LocalDiscord } from "@nickar/local-discord";
import type { APIMessage } from "discord-api-types/v10";
import WebSocket from "ws";
import type { GameView, ServerMessage } from "../src/activity/core/protocol.ts";
import { deployCommands } from "../src/bin/deploy-commands.ts";
import { newGame, play } from "../src/engine/index.ts";
import { freePort } from "../test/support/ports.ts";
import { againstLocal, settled } from "./footprint.ts";
import { Driver } from "./load/players.ts";
import { until } from "./wait.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** The bytes of a response as sent (gzipped when the server compresses), not as decoded. */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    }).on("error", reject);
  });
}

interface Socket {
  readonly ws: WebSocket;
  /** The latest game view, and a waiter for a version. */
  latest: GameView | null;
  waiting: { version: number; resolve: (at: number) => void } | null;
}

async function signedInSocket(local: LocalDiscord, driver: Driver, user: string, channelId: string): Promise<Socket> {
  const { body } = await driver.call("/local/activity/authorize", { user, scope: ["identify"] });
  const token = (await fetch(`${local.activityUrl}.proxy/api/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: (body as { code: string }).code }),
  }).then((r) => r.json())) as { access_token: string };
  const socket: Socket = {
    ws: new WebSocket(`${local.activityUrl.replace(/^http/, "ws")}.proxy/ws`),
    latest: null,
    waiting: null,
  };
  socket.ws.on("message", (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    if (message.type !== "game") return;
    socket.latest = message.game;
    if (socket.waiting && message.game.version >= socket.waiting.version) {
      socket.waiting.resolve(performance.now());
      socket.waiting = null;
    }
  });
  await new Promise((resolve) => socket.ws.once("open", resolve));
  socket.ws.send(JSON.stringify({ type: "hello", token: token.access_token, channelId }));
  await until(async () => socket.latest !== null, `${user}'s game`, 30_000, 20);
  return socket;
}

interface Run {
  readonly idle: number;
  readonly afterPage?: number;
  readonly firstLoad?: { readonly html: number; readonly script: number; readonly style: number };
  readonly latencies?: number[];
}

async function run(activity: boolean, moves: number): Promise<Run> {
  const temp = mkdtempSync(join(tmpdir(), "nickar-activity-bench-"));
  const local = await createLocalDiscord({ port: 0, logger: silent, rateLimits: false });
  let bot: ReturnType<typeof spawn> | undefined;
  try {
    await deployCommands({
      token: local.token,
      applicationId: local.applicationId,
      guildId: local.guildId,
      apiUrl: local.apiUrl,
      activity,
    });
    const port = await freePort();
    if (activity) local.context.activity.setTarget(`http://127.0.0.1:${port}`);
    const driver = new Driver(local.url);
    bot = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...againstLocal(local, join(temp, "nickar.db")),
        ...(activity && { ACTIVITY_PORT: String(port), DISCORD_CLIENT_SECRET: local.clientSecret }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    bot.stdout!.on("data", (d: Buffer) => {
      output += d.toString();
    });
    bot.stderr!.on("data", (d: Buffer) => {
      output += d.toString();
    });
    await until(async () => {
      if (bot!.exitCode !== null) throw new Error(`the bot exited:\n${output}`);
      return output.includes('"msg":"bot ready"') && (await driver.call("/local/info")).body.botConnected === true;
    }, "the bot to connect");
    const pid = bot.pid!;
    const idle = (await settled(pid)).rss;
    if (!activity) return { idle };

    const origin = local.activityUrl;
    const firstLoad = {
      html: await wireBytes(`${origin}`),
      script: await wireBytes(`${origin}.proxy/main.js`),
      style: await wireBytes(`${origin}.proxy/style.css`),
    };
    const afterPage = (await settled(pid)).rss;

    // A game between two players, each on the board through the proxy.
    await driver.call("/local/users", { name: "alice" });
    await driver.call("/local/users", { name: "bob" });
    const challenge = await driver.command("alice", "games", "/nickar challenge opponent:@bob ruleset:abapa first:me");
    const messageId = (challenge.body.messages as APIMessage[])[0].id;
    const channelId = (challenge.body.messages as APIMessage[])[0].channel_id;
    await driver.click("bob", messageId, "Accept");
    const sockets = [
      await signedInSocket(local, driver, "alice", channelId),
      await signedInSocket(local, driver, "bob", channelId),
    ];
    const latencies: number[] = [];
    let state = newGame("abapa");
    for (let ply = 0; ply < moves && !state.outcome.over; ply++) {
      const mover = sockets[state.position.toMove];
      const other = sockets[1 - state.position.toMove];
      const house = state.legalMoves[0];
      const seen = new Promise<number>((resolve) => {
        other.waiting = { version: ply + 1, resolve };
      });
      const sent = performance.now();
      const gameId = mover.latest!.gameId;
      mover.ws.send(
        JSON.stringify({ type: "act", gameId, version: ply, action: { kind: "move", house }, nonce: String(ply) }),
      );
      latencies.push((await seen) - sent);
      const played = play(state, house);
      if (!played.ok) throw new Error(played.error.message);
      state = played.value.state;
      // The mover's own view must be at this version before its next move.
      await until(async () => (mover.latest?.version ?? -1) > ply, "the mover's view", 30_000, 5);
    }
    for (const s of sockets) s.ws.close();
    return { idle, afterPage, firstLoad, latencies };
  } finally {
    if (bot && bot.exitCode === null) {
      bot.kill("SIGTERM");
      await new Promise((resolve) => bot!.once("exit", resolve));
    }
    await local.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export async function benchActivity(options: { moves?: number; build?: boolean } = {}): Promise<void> {
  if (options.build ?? true) {
    const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("the build failed");
  }
  const off = await run(false, 0);
  const on = await run(true, options.moves ?? 40);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const load = on.firstLoad!;
  const total = load.html + load.script + load.style;
  console.log(
    `Activity first load (gzipped, through the local Discord's proxy): ${kb(total)} KB (HTML ${kb(load.html)}, script ${kb(load.script)}, style ${kb(load.style)}); budget 250 KB`,
  );
  const sorted = [...on.latencies!].sort((a, b) => a - b);
  const ms = (n: number) => n.toFixed(1);
  console.log(
    `Activity move, click to the other viewer (through the proxy, ${sorted.length} moves): median ${ms(quantile(sorted, 0.5))} ms, p90 ${ms(quantile(sorted, 0.9))} ms, max ${ms(sorted.at(-1)!)} ms; target 150 ms`,
  );
  console.log(
    `Bot idle memory (VmRSS, node scripts/start.mjs): Activity off ${off.idle.toFixed(0)} MB, on ${on.idle.toFixed(0)} MB, on after the page was served ${on.afterPage!.toFixed(0)} MB`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { moves: { type: "string", default: "40" }, "no-build": { type: "boolean", default: false } },
  });
  await benchActivity({ moves: Number(values.moves), build: !values["no-build"] });
}
