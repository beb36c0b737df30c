/**
 * `npm run bench:load`: the bot under many players at once. The bot runs as its own process
 * (`node --import tsx src/bin/main.ts` in token mode, exactly as in production, its render pool
 * included); this process runs the local Discord and the simulated players, so their work is not
 * counted as the bot's. Every pair of players has one game at a time (mixed rulesets, spread over
 * channels); moves are pressed at fixed rates and then flat out, some followed by Animate, then
 * with the server set to animate every move. For each phase it prints moves and interactions per
 * second, p50/p95/p99 milliseconds from the click to the acknowledgement and to the updated board,
 * failed interactions, and the bot's CPU per move.
 *
 * Then games against Nickar join in (bot-games.ts): `--bot-games` players each play Nickar at
 * `--bot-level`, pressing again as soon as Nickar has answered, a burst of bot games next to the games
 * between people at `--bot-rates`. Comparing those phases with the same rate without bot games shows
 * whether the budget between the lanes (render pool and search pool) holds: the people's latencies
 * should barely move while Nickar's own replies wait.
 *
 *   npm run bench:load -- [--games 500] [--seconds 20] [--rates 10,25,50,100,max]
 *                         [--animated-rates 10] [--animate-share 0.1] [--channels 50] [--threads N]
 *                         [--bot-games 20] [--bot-level expert] [--ai-move-ms 300] [--bot-rates 25]
 *                         [--rate-limits on|off] [--baseline <commit>] [--runs 2]
 *
 * `--baseline <commit>` runs the same load against that commit's bot too (checked out and installed in a
 * worktree of its own, trees.ts), the two alternating run by run (`--runs` each, the baseline first), and
 * prints every run's rows side by side with the load average: the machine's other work moves both alike.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createLocalDiscord } from "@nickar/local-discord";
import { seededRandom } from "../../src/engine/random.ts";
import { endgameTables, linkEndgameTables } from "../endgame-tables.ts";
import { inBatches, sleep, until } from "../wait.ts";
import { BotGameStats, type BotPair, MessageWatch, makeBotPairs, playBotGames } from "./bot-games.ts";
import { Driver, makePairs, type Pair, PhaseStats, playMove, startGame } from "./players.ts";
import { cpuSeconds } from "./stats.ts";
import { type BotTree, baselineTree, botTree, deployTreeCommands } from "./trees.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const silent = { debug() {}, info() {}, warn() {}, error() {} };

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "500" },
    seconds: { type: "string", default: "20" },
    rates: { type: "string", default: "10,25,50,100,max" },
    "animated-rates": { type: "string", default: "10" },
    "animate-share": { type: "string", default: "0.1" },
    channels: { type: "string", default: "50" },
    threads: { type: "string" },
    "bot-games": { type: "string", default: "20" },
    "bot-level": { type: "string", default: "expert" },
    "ai-move-ms": { type: "string", default: "300" },
    "bot-rates": { type: "string", default: "25" },
    // Discord's rate limits in the local Discord (per route and global, as the playground has them): "on" or "off".
    "rate-limits": { type: "string", default: "on" },
    baseline: { type: "string" },
    runs: { type: "string" },
  },
});
const BOT_GAMES = Number(values["bot-games"]);
const GAMES = Number(values.games);
const SECONDS = Number(values.seconds);
const CHANNELS = Array.from({ length: Number(values.channels) }, (_, i) => `games-${i + 1}`);
const parseRates = (text: string) =>
  text
    .split(",")
    .filter(Boolean)
    .map((r) => (r === "max" ? ("max" as const) : Number(r)));

interface Phase {
  readonly name: string;
  readonly rate: number | "max";
  readonly animateShare: number;
  readonly animated: boolean;
  /** Games against Nickar are played (flat out) during this phase. */
  readonly bots: boolean;
}

interface PhaseResult {
  readonly phase: Phase;
  readonly stats: PhaseStats;
  readonly seconds: number;
  readonly botCpu: number;
  /** The bot's main thread only (the rest: render workers, libuv, V8's helpers). */
  readonly botMainCpu: number;
  readonly driverCpu: number;
  /** The players of games against Nickar (their presses), and Nickar's own moves. */
  readonly botStats: PhaseStats;
  readonly bots: BotGameStats;
  /** The machine's load average over the last minute, at the phase's end. */
  readonly load: number;
}

interface Players {
  readonly pairs: Pair[];
  readonly botPairs: BotPair[];
  readonly watch: MessageWatch;
}

async function runPhase(driver: Driver, players: Players, phase: Phase, botPid: number): Promise<PhaseResult> {
  const { pairs } = players;
  const stats = new PhaseStats();
  const botStats = new PhaseStats();
  const bots = new BotGameStats();
  const random = seededRandom(phase.name.length * 7919 + 1);
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const botCpu0 = cpuSeconds(botPid);
  const self0 = process.cpuUsage();
  const start = performance.now();
  const end = start + SECONDS * 1000;
  const botGames = phase.bots
    ? players.botPairs.map((pair, i) =>
        playBotGames(driver, pair, {
          level: values["bot-level"],
          until: () => performance.now() >= end,
          stats: botStats,
          bots,
          watch: players.watch,
          random: seededRandom(i * 31 + phase.name.length),
        }),
      )
    : [];
  if (phase.rate === "max") {
    // Flat out: every pair presses again as soon as its board is back.
    await Promise.all(
      pairs.map(async (pair) => {
        while (performance.now() < end) {
          if (pair.ready) await playMove(driver, pair, stats, phase.animateShare, random);
          else await sleep(25);
        }
      }),
    );
  } else {
    // A fixed rate: one press every 1/rate seconds, by a random pair whose board is up to date.
    const interval = 1000 / phase.rate;
    for (let tick = 0; ; tick++) {
      const due = start + tick * interval;
      if (due >= end) break;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const ready = pairs.filter((p) => p.ready);
      if (ready.length === 0) {
        stats.missed++;
        continue;
      }
      const pair = ready[Math.floor(random() * ready.length)];
      track(playMove(driver, pair, stats, phase.animateShare, random));
    }
  }
  // Answers still on their way count: the phase ends when the last one is in.
  await Promise.all([...inFlight, ...botGames]);
  const seconds = (performance.now() - start) / 1000;
  const self = process.cpuUsage(self0);
  return {
    phase,
    stats,
    seconds,
    botCpu: cpuSeconds(botPid).total - botCpu0.total,
    botMainCpu: cpuSeconds(botPid).main - botCpu0.main,
    driverCpu: (self.user + self.system) / 1e6,
    botStats,
    bots,
    load: loadavg()[0],
  };
}

/** The games against Nickar in a phase: the players' presses and Nickar's answers. */
function botRow(r: PhaseResult): string {
  const { botStats, bots, seconds } = r;
  return [
    r.phase.name,
    (botStats.moves / seconds).toFixed(1),
    (bots.nickarMoves / seconds).toFixed(1),
    botStats.ack.move.summary(),
    bots.reply.summary(),
    `${botStats.failed}${botStats.refused ? ` (+${botStats.refused} refused)` : ""}`,
    String(bots.stuck),
  ].join(" | ");
}

const BOT_HEADER = [
  "phase",
  "players' moves/s",
  "Nickar's moves/s",
  "player's move ack ms p50/p95/p99",
  "Nickar's reply ms p50/p95/p99",
  "failed",
  "Nickar stuck",
];

function row(r: PhaseResult): string {
  const { stats, seconds } = r;
  const perMove = (cpu: number) => (stats.moves ? `${((cpu * 1000) / stats.moves).toFixed(1)}` : "–");
  return [
    r.phase.name,
    (stats.moves / seconds).toFixed(1),
    (stats.interactions / seconds).toFixed(1),
    stats.ack.move.summary(),
    stats.response.move.summary(),
    stats.response.animate.count ? stats.response.animate.summary() : "–",
    `${stats.failed}${stats.refused ? ` (+${stats.refused} refused)` : ""}`,
    stats.missed ? String(stats.missed) : "0",
    `${perMove(r.botCpu)} (${perMove(r.botMainCpu)})`,
    perMove(r.driverCpu),
  ].join(" | ");
}

const HEADER = [
  "phase",
  "moves/s",
  "interactions/s",
  "move ack ms p50/p95/p99",
  "move board ms p50/p95/p99",
  "Animate GIF ms p50/p95/p99",
  "failed",
  "missed ticks",
  "bot CPU ms/move (main thread)",
  "local Discord + players CPU ms/move",
];

/** The slash command line that sets the server's animation setting, wherever the bot registered it. */
async function animationSetting(driver: Driver): Promise<(on: boolean) => string> {
  const { body } = await driver.call("/local/commands");
  // biome-ignore lint/suspicious/noExplicitAny: registered commands are read loosely
  for (const command of body as any[]) {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const find = (options: any[] | undefined, path: string[]): string[] | null => {
      for (const o of options ?? []) {
        if (o.type === 1 && o.name === "settings" && o.options?.some((x: { name: string }) => x.name === "animations"))
          return [...path, o.name];
        if (o.type === 2) {
          const found = find(o.options, [...path, o.name]);
          if (found) return found;
        }
      }
      return null;
    };
    const path = find(command.options, [command.name]);
    if (path) return (on) => `/${path.join(" ")} animations:${on}`;
  }
  throw new Error("no settings command with an animations option is registered");
}

/** One run: a fresh local Discord and database, the tree's bot, the games started, then every phase. */
async function runOnce(tree: BotTree): Promise<PhaseResult[]> {
  const temp = mkdtempSync(join(tmpdir(), "nickar-load-"));
  linkEndgameTables(endgameTables(tree.root), temp);
  const local = await createLocalDiscord({
    port: 0,
    channels: CHANNELS,
    logger: silent,
    rateLimits: values["rate-limits"] !== "off",
  });
  const discord = {
    DISCORD_TOKEN: local.token,
    DISCORD_API_URL: local.apiUrl,
    DISCORD_GUILD_ID: local.guildId,
    DISCORD_APPLICATION_ID: local.applicationId,
  };
  await deployTreeCommands(tree, discord);
  const nodeArgs = process.env.BENCH_BOT_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const bot = spawn(process.execPath, [...nodeArgs, "--import", "tsx", tree.entry], {
    cwd: tree.root,
    env: {
      ...process.env,
      ...discord,
      DATABASE_PATH: join(temp, "nickar.db"),
      LOG_LEVEL: "warn",
      CHALLENGE_EXPIRY_MINUTES: "60",
      DEFAULT_TIME_LIMIT: "1d",
      MAX_GAMES_PER_PLAYER: "10",
      ...(values.threads ? { RENDER_THREADS: values.threads } : {}),
      AI_MOVE_MS: values["ai-move-ms"],
      // The games against Nickar must not be stopped by the command rate limit.
      COMMANDS_PER_MINUTE: "0",
      CHALLENGES_PER_HOUR: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const driver = new Driver(local.url);
  try {
    await until(async () => (await driver.call("/local/info")).body.botConnected === true, "the bot to connect");
    const pairs = makePairs(GAMES, CHANNELS);
    const watch = new MessageWatch();
    local.context.events.on("messageUpdate", (message, visibleTo) => {
      if (visibleTo === null) watch.updated(message);
    });
    const players: Players = { pairs, botPairs: makeBotPairs(BOT_GAMES, CHANNELS), watch };
    const setup = new PhaseStats();
    const setupStart = performance.now();
    await inBatches(pairs.length, 20, (i) => startGame(driver, pairs[i], setup));
    // A bot just started may answer its first challenges late on a loaded machine (the local Discord gives
    // up after 3 s, as Discord does): those pairs challenge again, so that every run has all its games.
    for (let attempt = 0; attempt < 3; attempt++) {
      const waiting = pairs.filter((p) => !p.ready);
      if (waiting.length === 0) break;
      await inBatches(waiting.length, 5, (i) => startGame(driver, waiting[i], setup));
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;
    console.log(
      `${tree.label}: ${pairs.filter((p) => p.ready).length} games started in ${setupSeconds.toFixed(1)} s ` +
        `(challenge ${setup.response.challenge.summary()} ms, accept ${setup.response.accept.summary()} ms, ${setup.failed} failed)`,
    );
    for (const problem of setup.problems) console.log(`  ${problem}`);

    const setAnimations = await animationSetting(driver);
    let animated = false;
    const results: PhaseResult[] = [];
    for (const phase of PHASES) {
      if (phase.animated !== animated) {
        const answer = await driver.command("admin", CHANNELS[0], setAnimations(phase.animated));
        if (answer.status !== 200) throw new Error(`could not change the animation setting: ${answer.status}`);
        animated = phase.animated;
      }
      const result = await runPhase(driver, players, phase, bot.pid!);
      results.push(result);
      console.log(`${tree.label}, ${phase.name}: done (${result.stats.moves} moves in ${result.seconds.toFixed(1)} s)`);
      for (const problem of [...result.stats.problems, ...result.botStats.problems]) console.log(`  ${problem}`);
    }
    const limits = local.context.rateLimits;
    console.log(
      limits
        ? `${tree.label}: Discord's rate limits on: ${limits.limited} requests refused with 429 (${limits.globalLimited} by the global limit), ${limits.exhausted} took a bucket's last request.`
        : `${tree.label}: Discord's rate limits off (--rate-limits off).`,
    );
    return results;
  } finally {
    bot.kill("SIGTERM");
    await new Promise((r) => bot.once("exit", r));
    await local.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

const SHARE = Number(values["animate-share"]);
const PHASES: Phase[] = [
  ...parseRates(values.rates).map((rate) => ({
    name: rate === "max" ? "flat out" : `${rate} moves/s`,
    rate,
    animateShare: SHARE,
    animated: false,
    bots: false,
  })),
  ...parseRates(values["animated-rates"]).map((rate) => ({
    name: `${rate === "max" ? "flat out" : `${rate} moves/s`}, every move animated`,
    rate,
    animateShare: 0,
    animated: true,
    bots: false,
  })),
  ...(BOT_GAMES > 0 ? parseRates(values["bot-rates"]) : []).map((rate) => ({
    name: `${rate === "max" ? "flat out" : `${rate} moves/s`} + ${BOT_GAMES} games against Nickar`,
    rate,
    animateShare: SHARE,
    animated: false,
    bots: true,
  })),
];

/** A markdown table; with more than one run, each row starts with its bot and run and ends with the load average. */
function printTable(header: readonly string[], runs: readonly Run[], row: (r: PhaseResult) => string): void {
  const sideBySide = runs.length > 1;
  const columns = sideBySide ? ["bot, run", ...header, "load average"] : header;
  console.log(`| ${columns.join(" | ")} |`);
  console.log(`|${columns.map(() => " --- ").join("|")}|`);
  for (const run of runs) {
    for (const r of run.results) {
      console.log(sideBySide ? `| ${run.label} | ${row(r)} | ${r.load.toFixed(1)} |` : `| ${row(r)} |`);
    }
  }
}

interface Run {
  readonly label: string;
  readonly results: readonly PhaseResult[];
}

async function main(): Promise<void> {
  const current = botTree(ROOT, "this tree");
  const trees = values.baseline ? [baselineTree(ROOT, values.baseline), current] : [current];
  const count = Number(values.runs ?? (values.baseline ? 2 : 1));
  const runs: Run[] = [];
  for (let i = 1; i <= count; i++) {
    for (const tree of trees) {
      runs.push({ label: count > 1 ? `${tree.label}, ${i}` : tree.label, results: await runOnce(tree) });
    }
  }
  console.log("");
  console.log(
    `${GAMES} games, ${CHANNELS.length} channels, ${SECONDS} s a phase, Animate after ${SHARE * 100}% of moves in the still-board phases` +
      (values.baseline ? `; ${trees.map((t) => t.label).join(" and ")} alternating, ${count} runs each` : ""),
  );
  console.log("");
  printTable(HEADER, runs, row);
  if (PHASES.some((p) => p.bots)) {
    console.log("");
    console.log(
      `Games against Nickar (${BOT_GAMES} players, level ${values["bot-level"]}, AI_MOVE_MS ${values["ai-move-ms"]}, ` +
        "each pressing as soon as Nickar has answered; the rows above show the games between people in the same phases):",
    );
    console.log("");
    printTable(
      BOT_HEADER,
      runs.map((run) => ({ ...run, results: run.results.filter((r) => r.phase.bots) })),
      botRow,
    );
  }
}

await main();
