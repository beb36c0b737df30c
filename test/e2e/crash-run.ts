// The crash run: pairs of players play games through the local Discord while the bot process is
// killed with SIGKILL at random (seeded) moments and started again; then every game is checked
// against its move list. Used by test/e2e/crash.test.ts (short) and bench/crash-soak.ts (long).
import { type APIMessage, InteractionResponseType } from "discord-api-types/v10";
import { openDatabase } from "../../src/db/client.ts";
import type { GameRow } from "../../src/db/schema.ts";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { type BotWorld, botWorld, houseOf } from "./bot-process.ts";
import { databaseProblems } from "./consistency.ts";
import { type Answer, type Child, gameRef, gameRow, moveButtons, moverOf, startGame } from "./harness.ts";

export interface CrashOptions {
  readonly seed: number;
  /** How long the players play while the bot is being killed. */
  readonly playMs: number;
  /** Games played at the same time (two players each). */
  readonly pairs: number;
  /** The bot lives between these many milliseconds after it is ready, then SIGKILL. */
  readonly lifeMs: readonly [number, number];
  readonly log?: (line: string) => void;
}

/** A press the bot acknowledged: its move must be in the database. */
interface Acknowledged {
  readonly gameId: string;
  readonly ply: number;
  readonly house: number;
}

export interface CrashReport {
  readonly kills: number;
  /** Moves acknowledged to the players (answered, or deferred before the kill). */
  readonly acknowledged: number;
  /** Presses that got no answer (the bot was killed, or too slow): some were stored, some not. */
  readonly unanswered: number;
  /** Moves stored in all (acknowledged, and stored whose answer was lost in a kill). */
  readonly storedMoves: number;
  readonly gamesChecked: number;
  readonly gamesStarted: number;
  /** Acknowledged moves missing or different in the database (must be empty). */
  readonly lost: string[];
  /** Games whose row disagrees with its move list (must be empty). */
  readonly inconsistent: string[];
  /** Active games that did not accept a move after the last restart (must be empty). */
  readonly stuck: string[];
  /** Active games whose passed deadline was not enforced after a restart (must be empty). */
  readonly unenforced: string[];
  readonly ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The longest a new bot process is given to answer its first press before its life starts anyway. */
const PROGRESS_WAIT_MS = 20_000;
/** How long the driver waits for a deferred board's edit in the checks after the last restart. */
const DEFERRED_WAIT_MS = 20_000;

export async function runCrash(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(random() * (hi - lo));
  // A press sent while the bot is dead is "not acknowledged" after 5 s (on Discord 3). While the pairs
  // play, the driver waits 5 s for a deferred press's edit: a press counts as acknowledged from its
  // deferral (see `played`), and one deferred by a bot that is then killed gets no edit at all, so with a
  // longer wait every pair sat out most of each life after a kill (measured: about 15 s of every restart
  // with no press played). An edit still being drawn after 5 s lands later; the pair reads the board
  // again. The checks after the last restart need the boards themselves: the wait is generous again
  // there (DEFERRED_WAIT_MS), as a loaded machine may take long to draw them.
  const world: BotWorld = await botWorld(`e2e.crash.${options.seed}`, { ackTimeoutMs: 5000, deferredWaitMs: 5000 });
  const { driver } = world;
  const acknowledged: Acknowledged[] = [];
  let unanswered = 0;
  let gamesStarted = 0;
  let kills = 0;
  let bot: Child | null = null;
  let stopped = false;

  try {
    bot = await world.start();

    /**
     * One pair playing game after game, in a random ruleset, choosing random legal houses. A kill
     * can leave a challenge without its message (nobody can answer it until it expires): the pair
     * then goes on as two new players.
     */
    async function pair(index: number, choose: () => number): Promise<void> {
      let generation = 0;
      let [south, north] = [`p${index}s0`, `p${index}n0`];
      let game: { gameId: string; messageId: string } | null = null;
      while (!stopped) {
        if (!bot) {
          await sleep(50);
          continue;
        }
        try {
          if (!game) {
            const ruleset = RULESET_IDS[Math.floor(choose() * RULESET_IDS.length)];
            game = await startGame(driver, south, north, ruleset);
            gamesStarted++;
            continue;
          }
          const message = await driver.message(game.messageId);
          const buttons = message ? moveButtons(message).filter((b) => !b.disabled) : [];
          const mover = message ? moverOf(message) : null;
          if (!message || buttons.length === 0 || !mover) {
            // A finished game's message has no house buttons: the next game.
            game = null;
            continue;
          }
          const button = buttons[Math.floor(choose() * buttons.length)];
          const ply = gameRef(message)!.ply;
          const answer = await driver.click(driver.nameOf(mover.userId), game.messageId, button.customId);
          if (played(answer, game.messageId, ply)) {
            acknowledged.push({ gameId: game.gameId, ply, house: houseOf(button.customId) });
            continue;
          }
          if (answer.status === 504) unanswered++;
          log(`not played ${game.gameId}@${ply}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
          // Not played through this message (out of date after a crash, over, or no answer):
          // repost the board, as a player would, and go on from the new message.
          const board = await driver.command(south, `/nickar board game:${game.gameId}`);
          const posted = (board.body?.messages ?? []) as APIMessage[];
          const boardMessage = posted.find((m) => gameRef(m)?.gameId === game!.gameId);
          if (board.status === 200 && boardMessage) game = { ...game, messageId: boardMessage.id };
        } catch (error) {
          if (!game) {
            // Not started (the bot died during the challenge): try again as new players.
            generation++;
            [south, north] = [`p${index}s${generation}`, `p${index}n${generation}`];
            await sleep(100);
          } else log(`press failed: ${String(error)}`);
        }
      }
    }

    const players = Array.from({ length: options.pairs }, (_, i) => pair(i, seededRandom(options.seed * 1000 + i)));

    // The killer: SIGKILL after a random life, then a new process at once. A life counts from the
    // new process's first answered press or started game (at most PROGRESS_WAIT_MS after its start):
    // on a loaded machine a fresh bot's first board can take longer than a whole life, and kills
    // that always land before it would leave nothing to check.
    while (Date.now() - started < options.playMs) {
      const progress = acknowledged.length + gamesStarted;
      const waitUntil = Date.now() + PROGRESS_WAIT_MS;
      while (acknowledged.length + gamesStarted === progress && Date.now() < waitUntil) await sleep(50);
      await sleep(between(options.lifeMs));
      const victim = bot!;
      bot = null;
      victim.process.kill("SIGKILL");
      await victim.exited;
      kills++;
      log(`kill ${kills} at ${Date.now() - started} ms, ${acknowledged.length} moves acknowledged so far`);
      bot = await world.start();
      log(`restarted at ${Date.now() - started} ms`);
    }
    stopped = true;
    await Promise.all(players);
    world.discord.context.config.deferredWaitMs = DEFERRED_WAIT_MS;
    // The last kill, with nothing else in flight, then the checks on the file as the crash left it.
    bot!.process.kill("SIGKILL");
    await bot!.exited;
    bot = null;
    kills++;

    const database = openDatabase(world.databasePath);
    let report: Omit<CrashReport, "stuck" | "unenforced" | "ms">;
    let toMove: string[] = [];
    let toTimeOut: string[] = [];
    try {
      const lost = acknowledged.flatMap(({ gameId, ply, house }) => {
        const row = gameRow(database, gameId);
        const stored = row ? (JSON.parse(row.moves) as number[])[ply] : undefined;
        return stored === house ? [] : [`game ${gameId} ply ${ply}: acknowledged ${house}, stored ${stored}`];
      });
      const { games, problems } = databaseProblems(database);
      const rows = database.sqlite.prepare("SELECT id, ply, status FROM games").all() as {
        id: string;
        ply: number;
        status: string;
      }[];
      const active = rows.filter((r) => r.status === "active").map((r) => r.id);
      // Half of the games in progress must play on; the other half have run out of time meanwhile.
      toMove = active.filter((_, i) => i % 2 === 0);
      toTimeOut = active.filter((_, i) => i % 2 === 1);
      // Passed long enough ago that the outage the restarted bot gives back to the clocks (from its
      // last heartbeat, seconds on a loaded machine) cannot bring the deadline back into the future.
      const passed = database.sqlite.prepare("UPDATE games SET deadline_at = ? WHERE id = ?");
      for (const id of toTimeOut) passed.run(Date.now() - 10 * 60_000, id);
      report = {
        kills,
        acknowledged: acknowledged.length,
        unanswered,
        storedMoves: rows.reduce((n, r) => n + r.ply, 0),
        gamesChecked: games,
        gamesStarted,
        lost,
        inconsistent: problems,
      };
    } finally {
      database.close();
    }

    // After the restart: the scheduler's first sweep ends the games whose time ran out, and every
    // other game in progress still takes a move.
    bot = await world.start();
    const after = openDatabase(world.databasePath);
    const rows = toMove.map((id) => gameRow(after, id)!);
    after.close();
    const [stuck, unenforced] = await Promise.all([
      Promise.all(rows.map((row) => takesAMove(driver, row))).then((all) => all.filter((s) => s !== null)),
      waitForTimeouts(world, toTimeOut),
    ]);
    return { ...report, stuck, unenforced, ms: Date.now() - started };
  } finally {
    stopped = true;
    await world.close();
  }
}

/** Null when the game's board, reposted, takes a move; else what went wrong. */
async function takesAMove(driver: BotWorld["driver"], row: GameRow): Promise<string | null> {
  const board = await driver.command(driver.nameOf(row.southId), `/nickar board game:${row.id}`);
  const message = ((board.body?.messages ?? []) as APIMessage[]).find((m) => gameRef(m)?.gameId === row.id);
  const button = message && moveButtons(message).find((b) => !b.disabled);
  const mover = message && moverOf(message);
  if (!message || !button || !mover) return `game ${row.id} at ply ${row.ply}: no board to play on (${board.status})`;
  const answer = await driver.click(driver.nameOf(mover.userId), message.id, button.customId);
  return played(answer, message.id, row.ply)
    ? null
    : `game ${row.id} at ply ${row.ply}: the press got ${answer.status}`;
}

/** The press was played: the answer shows the game message at the next ply (or it was deferred). */
function played(answer: Answer, messageId: string, ply: number): boolean {
  // Deferred and not completed before the kill: a move defers an update of the board, while the
  // answer to an out-of-date press (a board left stale by an earlier kill) defers a new private
  // reply, which acknowledges nothing.
  if (answer.status === 202) {
    const response = answer.body?.response as { type?: number } | null | undefined;
    return response?.type === InteractionResponseType.DeferredMessageUpdate;
  }
  const messages = (answer.body?.messages ?? []) as APIMessage[];
  return answer.status === 200 && messages.some((m) => m.id === messageId && gameRef(m)?.ply === ply + 1);
}

/** The games whose deadline passed and that the restarted bot has not ended within 20 s. */
async function waitForTimeouts(world: BotWorld, ids: readonly string[]): Promise<string[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const database = openDatabase(world.databasePath);
    const left = ids.filter((id) => {
      const row = gameRow(database, id)!;
      // A game with no first move is aborted for it ("no-first-move"); any other runs out of time.
      const onTime = row.reason === "timeout" || row.reason === "abort" || row.reason === "no-first-move";
      return !(row.status !== "active" && onTime);
    });
    database.close();
    if (left.length === 0 || Date.now() > until) return left;
    await sleep(200);
  }
}
