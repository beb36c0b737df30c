// The three tournament formats end to end through the local Discord and the real bot (the discord.js client):
// a Swiss of 9 players over 4 rounds, an arena of 6 players over an hour of the manual clock, and a
// knockout of 5 players with first-to-2 series. Created by command, joined and started by the
// announcement's buttons, every game posted with its board and ended by a player's /nickar resign; the bot
// is stopped and started again on the same database in the middle of each, and the tournament carries on.
import type { APIMessage } from "discord-api-types/v10";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";

type ManualClock = ReturnType<typeof manualClock>;

import { type GameRow, games, tournaments } from "../../src/db/schema.ts";
import { type Bot, startBot } from "../../src/discord/bot.ts";
import { type Stack, startStack, waitFor } from "./harness.ts";

const DEFAULTS = { timeLimit: 3600, maxGamesPerPlayer: 5, challengeExpiry: 10 * 60_000 };
const LONG = 240_000;

/** The stack's bot, or the one started in its place after a restart. */
interface Running {
  stack: Stack;
  bot: Bot;
  clock: ManualClock;
}

async function started(): Promise<Running> {
  const clock = manualClock(Date.now());
  const stack = await startStack({ clock, defaults: DEFAULTS });
  return { stack, bot: stack.playground.bot, clock };
}

/** Stops the bot and starts a new one on the same database and local Discord: a restart. */
async function restart(run: Running): Promise<void> {
  await run.bot.stop();
  const { local } = run.stack.playground;
  run.bot = await startBot({
    token: local.token,
    apiUrl: local.localDiscord.apiUrl,
    db: run.stack.database.db,
    clock: run.clock,
    logger: pino({ level: "silent" }),
    defaults: DEFAULTS,
    computer: { moveMs: 20, hintMs: 20, analysisMs: 20 },
  });
  await waitFor(() => run.bot.client.isReady(), "the restarted bot to be ready");
}

async function stopped(run: Running): Promise<void> {
  if (run.bot !== run.stack.playground.bot) await run.bot.stop();
  await run.stack.stop();
}

const gamesOf = (run: Running, id: string): GameRow[] =>
  run.stack.database.db.select().from(games).where(eq(games.tournamentId, id)).all();
const tournament = (run: Running, id: string) =>
  run.stack.database.db.select().from(tournaments).where(eq(tournaments.id, id)).get()!;

/** Created by the admin's command, joined by each player's Join, started by the organiser's Start. */
async function createAndStart(run: Running, options: string, names: readonly string[]) {
  const { driver, database } = run.stack;
  await driver.users("admin", ...names);
  const created = await driver.command("admin", `/nickar-tournament create ${options}`);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const announcement: APIMessage = created.body.messages[0];
  const row = await waitFor(
    () => database.db.select().from(tournaments).where(eq(tournaments.messageId, announcement.id)).get(),
    "the announcement bound to its tournament",
  );
  for (const name of names) expect((await driver.click(name, announcement.id, "Join")).status).toBe(200);
  expect((await driver.click("admin", announcement.id, "Start")).status).toBe(200);
  return { id: row.id, announcement: announcement.id };
}

/** Every active game of the tournament posted (its board in the channel, with both players mentioned). */
async function allPosted(run: Running, id: string): Promise<GameRow[]> {
  return waitFor(async () => {
    const active = gamesOf(run, id).filter((g) => g.status === "active");
    if (active.some((g) => g.messageId === null)) return undefined;
    const messages = await run.stack.driver.messages();
    const posted = active.every((g) => {
      const m = messages.find((x) => x.id === g.messageId);
      return m?.content.includes(`<@${g.southId}>`) && m.content.includes(`<@${g.northId}>`);
    });
    return posted ? active : undefined;
  }, "every active game's board posted");
}

/** `loser` resigns `game` with /nickar resign, and the game is over. */
async function resign(run: Running, game: GameRow, loser: string): Promise<void> {
  const { driver } = run.stack;
  const answer = await driver.command(driver.nameOf(loser), `/nickar resign game:${game.id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await waitFor(
    () =>
      run.stack.database.db
        .select()
        .from(games)
        .where(and(eq(games.id, game.id), eq(games.status, "finished")))
        .get(),
    "the resigned game to end",
  );
}

/** The player of the game with the higher id (ids are strings: compared as such): the one who resigns. */
const higher = (g: GameRow) => [g.southId, g.northId].sort()[1];

/** A message of the channel containing `text`, once there. */
function posted(run: Running, text: string): Promise<APIMessage> {
  return waitFor(async () => (await run.stack.driver.messages()).find((m) => m.content.includes(text)), text);
}

describe("tournament formats through Discord", () => {
  it(
    "swiss - 9 players over 4 rounds, a bye each round, final standings with a podium - a restart after round 2",
    async () => {
      const run = await started();
      try {
        const names = ["ann", "bea", "cal", "dee", "eve", "fay", "gus", "hal", "ivy"];
        const { id } = await createAndStart(run, "ruleset:abapa rounds:4 time:1h", names);
        for (let round = 1; round <= 4; round++) {
          await posted(run, `\`${id}\`, round ${round} of 4`);
          if (round === 3) await restart(run);
          const boards = await allPosted(run, id);
          expect(boards).toHaveLength(4);
          // South wins every game (North resigns), so scores spread and the pairing has groups to keep.
          for (const g of boards) await resign(run, g, g.northId);
        }
        await posted(run, "**Final standings**");
        const final = (await run.stack.driver.messages()).find((m) => m.content.includes("**Final standings**"))!;
        expect(final.attachments?.[0]?.filename).toMatch(/^nickar-podium-/);
        const t = tournament(run, id);
        expect(t.status).toBe("finished");
        const all = gamesOf(run, id);
        expect(all).toHaveLength(16);
        // No rematch, and everyone played at least three games (one bye each at most over four rounds).
        const pairs = all.map((g) => [g.southId, g.northId].sort().join("-"));
        expect(new Set(pairs).size).toBe(pairs.length);
        const ids = await run.stack.driver.users(...names);
        for (const p of ids)
          expect(all.filter((g) => g.southId === p || g.northId === p).length).toBeGreaterThanOrEqual(3);
      } finally {
        await stopped(run);
      }
    },
    LONG,
  );

  it(
    "arena - 6 players over an hour of the manual clock, paired as they finish, over at its time - a restart midway",
    async () => {
      const run = await started();
      try {
        const names = ["jan", "kim", "lee", "max", "ned", "oli"];
        const { id } = await createAndStart(run, "format:arena ruleset:wari minutes:60 time:10m", names);
        const ids = await run.stack.driver.users(...names);
        let step = 0;
        // Each step: four minutes pass and one game ends (the higher id resigns), until the hour is over.
        while (tournament(run, id).status === "running") {
          const boards = await allPosted(run, id);
          if (step === 6) await restart(run);
          if (boards.length === 0) break;
          const g = boards[step % boards.length];
          await resign(run, g, higher(g));
          run.clock.advance(4 * 60_000);
          step++;
          expect(step).toBeLessThan(60);
        }
        await posted(run, "**Final standings**");
        expect(tournament(run, id).status).toBe("finished");
        const all = gamesOf(run, id);
        expect(all.every((g) => g.status === "finished")).toBe(true);
        // Never twice in a game at once, never the same opponent twice running.
        for (const p of ids) {
          const mine = all.filter((g) => g.southId === p || g.northId === p).sort((a, b) => a.createdAt - b.createdAt);
          for (let i = 1; i < mine.length; i++) {
            expect(mine[i].createdAt).toBeGreaterThanOrEqual(mine[i - 1].finishedAt!);
            const other = (g: GameRow) => (g.southId === p ? g.northId : g.southId);
            expect(other(mine[i])).not.toBe(other(mine[i - 1]));
          }
        }
        // The lowest id never lost: it leads, on fire after its wins.
        const standings = await run.stack.driver.command("jan", "/nickar-tournament standings");
        expect(standings.body.messages[0].content).toContain("🔥");
        expect(standings.body.messages[0].attachments?.[0]?.filename).toMatch(/^nickar-standings-/);
      } finally {
        await stopped(run);
      }
    },
    LONG,
  );

  it(
    "knockout - 5 players, first-to-2 series, byes to the top seeds, the champion - a restart mid-series",
    async () => {
      const run = await started();
      try {
        const names = ["pat", "quy", "ros", "sam", "tam"];
        const { id } = await createAndStart(run, "format:knockout ruleset:abapa first_to:2 time:1h", names);
        let resigned = 0;
        while (tournament(run, id).status === "running") {
          const boards = await allPosted(run, id);
          expect(boards.length).toBeGreaterThan(0);
          if (resigned === 3) await restart(run);
          // The lower id wins every game: it takes each match 2-0.
          for (const g of boards) await resign(run, g, higher(g));
          resigned += boards.length;
          expect(resigned).toBeLessThan(30);
        }
        const champion = await posted(run, "Champion:");
        const ids = await run.stack.driver.users(...names);
        expect(champion.content).toContain(`<@${[...ids].sort()[0]}>`);
        const bracket = await run.stack.driver.command("pat", "/nickar-tournament bracket");
        expect(bracket.body.messages[0].attachments?.[0]?.filename).toMatch(/^nickar-bracket-/);
        // Four matches for five players: every game in a series, every match 2-0.
        const all = gamesOf(run, id);
        expect(new Set(all.map((g) => g.seriesId)).size).toBe(4);
        expect(all).toHaveLength(8);
      } finally {
        await stopped(run);
      }
    },
    LONG,
  );
});
