/**
 * The bot's footprint: the bot process as it runs against Discord (`src/bin/main.ts` in token mode,
 * default settings) against a local Discord in this process, as the end-to-end tests start it. For
 * each run it prints the start-up time (from spawning the process to the local Discord seeing it
 * connected) and the process's resident memory (VmRSS from /proc/<pid>/status) at each stage:
 *
 * - idle after start-up (nothing drawn, nothing searched),
 * - after the first board (a game between two players with Latin names),
 * - after boards of names in every script the fallback fonts cover,
 * - after a game against Nickar (Nickar's first move searched),
 * - after 200 games' worth of boards and animations, played through the local Discord: `--games`
 *   games (challenge, accept) of `--moves` moves each, in the six rulesets, 10% of moves followed by
 *   Animate (a GIF), then 3 s idle.
 *
 * Each stage's growth is that part's share: the part starts at that stage (the render thread, the
 * fallback fonts and the search thread are created on first use). The first run pins the bot to
 * one core (`taskset -c 0`, so it sizes its pools as on a one-core host); the second lets it have
 * both cores with RENDER_THREADS=2 and presses 12 moves at once after the first board, which starts
 * the second render thread.
 *
 * Then `--starts` more starts, to idle only, for the start-up time's spread (the machine is shared).
 *
 *   npx tsx bench/footprint.ts [--games 200] [--moves 20] [--runs 1] [--skip-two-threads] [--starts 4] [--only-starts]
 *
 * BENCH_BOT_ENTRY (default: `scripts/start.mjs`, what `npm start` runs: the compiled build, made
 * first here so that its making is not counted in the start-up) picks the command; `--import tsx
 * src/bin/main.ts` runs the sources as `npm start` did before the build.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createLocalDiscord, type LocalDiscord } from "@nickar/local-discord";
import type { APIMessage } from "discord-api-types/v10";
import { deployCommands } from "../src/bin/deploy-commands.ts";
import { seededRandom } from "../src/engine/internal.ts";
import { endgameTables, linkEndgameTables } from "./endgame-tables.ts";
import { buttonsOf, Driver, makePairs, Pair, PhaseStats, playMove, startGame } from "./load/players.ts";
import { inBatches, sleep, until } from "./wait.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = process.env.BENCH_BOT_ENTRY ?? "scripts/start.mjs";
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const CHANNELS = Array.from({ length: 8 }, (_, i) => `games-${i + 1}`);

/** A name in each script of the fallback fonts (the local Discord takes letters only: no emoji). */
const SCRIPT_NAMES = ["山田", "민준", "محمد", "דוד", "अजय", "สมชาย"];

export interface FootprintOptions {
  readonly games?: number;
  readonly moves?: number;
  readonly runs?: number;
  readonly twoThreads?: boolean;
  /** More starts (to idle only) for the start-up time's spread. */
  readonly starts?: number;
  /** Only those starts. */
  readonly onlyStarts?: boolean;
}

interface Memory {
  readonly rss: number;
  readonly anon: number;
  readonly file: number;
  readonly threads: number;
}

/** The process's resident memory in MB (all of it, and anonymous and file-backed), and its threads. */
function memory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return {
    rss: field("VmRSS") / 1024,
    anon: field("RssAnon") / 1024,
    file: field("RssFile") / 1024,
    threads: field("Threads"),
  };
}

/** A bot process's settings against `local`: its token and API, a database, and no limit on how fast players press. */
export function againstLocal(local: LocalDiscord, databasePath: string): NodeJS.ProcessEnv {
  return {
    DISCORD_TOKEN: local.token,
    DISCORD_API_URL: local.apiUrl,
    DISCORD_GUILD_ID: local.guildId,
    DISCORD_APPLICATION_ID: local.applicationId,
    DATABASE_PATH: databasePath,
    LOG_LEVEL: "info",
    // The players press as fast as the bot answers.
    COMMANDS_PER_MINUTE: "0",
    CHALLENGES_PER_HOUR: "0",
  };
}

/** The memory after `ms` of quiet: the lowest of a few readings (a collection may be running). */
export async function settled(pid: number, ms = 3000): Promise<Memory> {
  await sleep(ms);
  let low = memory(pid);
  for (let i = 0; i < 4; i++) {
    await sleep(250);
    const m = memory(pid);
    if (m.rss < low.rss) low = m;
  }
  return low;
}

function hasTaskset(): boolean {
  return spawnSync("taskset", ["-c", "0", "true"]).status === 0;
}

interface Stage {
  readonly name: string;
  readonly memory: Memory;
}

interface RunResult {
  readonly label: string;
  readonly startupMs: number;
  readonly stages: Stage[];
  readonly moves: number;
  readonly animations: number;
  readonly failed: number;
}

/** One bot process through the stages. */
async function run(
  label: string,
  env: Record<string, string>,
  pinned: boolean,
  options: Required<FootprintOptions> & { readonly tables: string | null },
  mode: "stages" | "burst" | "start",
): Promise<RunResult> {
  const temp = mkdtempSync(join(tmpdir(), "nickar-footprint-"));
  linkEndgameTables(options.tables, temp);
  let local: LocalDiscord | undefined;
  let bot: ReturnType<typeof spawn> | undefined;
  try {
    local = await createLocalDiscord({ port: 0, channels: CHANNELS, logger: silent, rateLimits: false });
    await deployCommands({
      token: local.token,
      applicationId: local.applicationId,
      guildId: local.guildId,
      apiUrl: local.apiUrl,
    });
    const driver = new Driver(local.url);
    const entry = ENTRY.split(" ").filter(Boolean);
    const command = pinned ? "taskset" : process.execPath;
    const args = pinned ? ["-c", "0", process.execPath, ...entry] : entry;
    const started = performance.now();
    bot = spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        ...againstLocal(local, join(temp, "nickar.db")),
        NO_COLOR: "1",
        ...env,
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
    const pid = bot.pid!;
    await until(async () => {
      if (bot!.exitCode !== null) throw new Error(`the bot exited:\n${output}`);
      return output.includes('"msg":"bot ready"') && (await driver.call("/local/info")).body.botConnected === true;
    }, "the bot to connect");
    const startupMs = performance.now() - started;
    const stages: Stage[] = [{ name: "idle after start-up", memory: await settled(pid) }];
    if (mode === "start") return { label, startupMs, stages, moves: 0, animations: 0, failed: 0 };
    const stats = new PhaseStats();
    const random = seededRandom(2026);

    // The first board: one game between two players with Latin names, two moves.
    const [first] = makePairs(1, CHANNELS);
    await startGame(driver, first, stats);
    for (let i = 0; i < 2; i++) await playMove(driver, first, stats, 0, random);
    stages.push({ name: "first board (Latin names)", memory: await settled(pid) });

    if (mode === "burst") {
      // Twelve games pressed at once: both render threads busy.
      const burst = makePairs(13, CHANNELS).slice(1);
      await Promise.all(burst.map((p) => startGame(driver, p, stats)));
      for (let round = 0; round < 4; round++)
        await Promise.all(burst.map((p) => playMove(driver, p, stats, 0, random)));
      stages.push({ name: "12 games pressed at once", memory: await settled(pid) });
      return { label, startupMs, stages, moves: stats.moves, animations: 0, failed: stats.failed };
    }

    // Names in every script of the fallback fonts: a game each, one move.
    const scripts = SCRIPT_NAMES.map((name, i) => new Pair(1000 + i, name, `${name}${i}`, CHANNELS[i], "abapa"));
    for (const pair of scripts) {
      await startGame(driver, pair, stats);
      await playMove(driver, pair, stats, 0, random);
    }
    stages.push({ name: "names in six scripts", memory: await settled(pid) });

    // A game against Nickar: it moves first (the search thread starts).
    const nickar = await driver.command("nickarfan", CHANNELS[0], "/nickar play level:medium first:them");
    if (nickar.status !== 200) throw new Error(`/nickar play: ${nickar.status} ${JSON.stringify(nickar.body)}`);
    await until(async () => {
      const { body } = await driver.call(`/local/channels/${CHANNELS[0]}/messages`);
      return (body as APIMessage[]).some((m) => buttonsOf(m).some((b) => /^g:[^:]+:1:m:/.test(b.custom_id ?? "")));
    }, "Nickar's first move");
    stages.push({ name: "a game against Nickar", memory: await settled(pid) });

    // 200 games' worth: games of `moves` moves each, eight at a time, 10% of moves animated.
    const pairs = makePairs(options.games, CHANNELS).map(
      (p, i) => new Pair(2000 + i, `g${i}s`, `g${i}n`, p.channel, p.ruleset),
    );
    await inBatches(pairs.length, 8, async (i) => {
      const pair = pairs[i];
      await startGame(driver, pair, stats);
      for (let m = 0; m < options.moves && pair.ready; m++) await playMove(driver, pair, stats, 0.1, random);
    });
    stages.push({ name: `after ${options.games} games`, memory: await settled(pid) });
    return {
      label,
      startupMs,
      stages,
      moves: stats.moves,
      animations: stats.response.animate.count,
      failed: stats.failed,
    };
  } finally {
    if (bot && bot.exitCode === null) {
      const exited = new Promise((r) => bot!.once("exit", r));
      bot.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
      if (bot.exitCode === null) bot.kill("SIGKILL");
    }
    await local?.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

const mb = (n: number) => `${Math.round(n)}`;

export async function benchFootprint(options: FootprintOptions = {}): Promise<string[]> {
  const o = {
    games: 200,
    moves: 20,
    runs: 1,
    twoThreads: true,
    starts: 4,
    onlyStarts: false,
    ...options,
    tables: endgameTables(ROOT),
  };
  const pinned = hasTaskset();
  if (ENTRY.includes("scripts/start.mjs")) {
    const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  }
  const lines = [
    `Footprint: the bot process (node ${ENTRY}) against a local Discord in the bench process; MB resident (VmRSS; anonymous + file-backed), threads`,
  ];
  for (let r = 0; r < (o.onlyStarts ? 0 : o.runs); r++) {
    const runs: RunResult[] = [
      await run(
        pinned ? "one core (taskset -c 0), defaults" : "defaults (taskset not found: all cores)",
        {},
        pinned,
        o,
        "stages",
      ),
    ];
    if (o.twoThreads) runs.push(await run("two cores, RENDER_THREADS=2", { RENDER_THREADS: "2" }, false, o, "burst"));
    for (const result of runs) {
      lines.push(
        `${result.label}: ready in ${(result.startupMs / 1000).toFixed(2)} s; ${result.moves} moves, ${result.animations} animations, ${result.failed} failed`,
      );
      lines.push("| stage | resident MB | growth MB | anonymous / file-backed MB | threads |");
      lines.push("| --- | --- | --- | --- | --- |");
      let before: Memory | null = null;
      for (const { name, memory: m } of result.stages) {
        const growth = before ? `${m.rss - before.rss >= 0 ? "+" : ""}${mb(m.rss - before.rss)}` : "";
        lines.push(`| ${name} | ${mb(m.rss)} | ${growth} | ${mb(m.anon)} / ${mb(m.file)} | ${m.threads} |`);
        before = m;
      }
    }
  }
  if (o.starts > 0) {
    const starts: RunResult[] = [];
    for (let i = 0; i < o.starts; i++) starts.push(await run("start", {}, pinned, o, "start"));
    const seconds = starts.map((r) => r.startupMs / 1000).sort((a, b) => a - b);
    const idle = starts.map((r) => r.stages[0].memory.rss).sort((a, b) => a - b);
    lines.push(
      `${o.starts} more starts${pinned ? " (one core)" : ""}: ready in ${seconds.map((t) => t.toFixed(2)).join(", ")} s; idle ${mb(idle[0])}-${mb(idle.at(-1)!)} MB`,
    );
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      games: { type: "string", default: "200" },
      moves: { type: "string", default: "20" },
      runs: { type: "string", default: "1" },
      "skip-two-threads": { type: "boolean", default: false },
      starts: { type: "string", default: "4" },
      "only-starts": { type: "boolean", default: false },
    },
  });
  const lines = await benchFootprint({
    games: Number(values.games),
    moves: Number(values.moves),
    runs: Number(values.runs),
    twoThreads: !values["skip-two-threads"],
    starts: Number(values.starts),
    onlyStarts: values["only-starts"],
  });
  for (const line of lines) console.log(line);
}
