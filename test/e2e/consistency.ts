// What every stored game must satisfy, whatever happened to the bot (a crash, random interactions):
// its move list replays in the engine to the cached position, its ply (version) agrees with its moves
// and takebacks, and its status, result and clocks agree with that position.
import { eq } from "drizzle-orm";
import type { Database_ } from "../../src/db/client.ts";
import { challenges, type GameRow, games } from "../../src/db/schema.ts";
import { formatPosition, newGame, type RulesetId, replay } from "../../src/engine/index.ts";

/**
 * What is wrong with one stored game (nothing: an empty list). `computerIds`: the computer
 * opponent's user ids, which have no clock: while it is to move, its game has no deadline.
 */
export function gameProblems(row: GameRow, computerIds: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  const moves = JSON.parse(row.moves) as number[];
  // The ply is the game's version: the number of moves, plus for each takeback the moves it undid and one.
  const takebacks = row.southTakebacks + row.northTakebacks;
  if (takebacks === 0 ? row.ply !== moves.length : row.ply - moves.length < 2 * takebacks) {
    problems.push(`ply ${row.ply} but ${moves.length} moves and ${takebacks} takebacks`);
  }
  const replayed = replay(newGame(row.ruleset as RulesetId), moves);
  if (!replayed.ok) return [...problems, `the move list does not replay: ${replayed.error.message}`];
  const state = replayed.value;
  if (formatPosition(state.position) !== row.position) {
    problems.push(`cached position ${row.position}, replayed ${formatPosition(state.position)}`);
  }
  const { outcome } = state;
  if (row.status === "active") {
    if (outcome.over) problems.push(`active, but the position is over (${outcome.reason})`);
    const mover = state.position.toMove === 0 ? row.southId : row.northId;
    if (computerIds.has(mover)) {
      if (row.deadlineAt !== null) problems.push("the computer to move, with a deadline");
    } else if (row.deadlineAt === null) problems.push("active without a deadline");
    if (row.finishedAt !== null) problems.push("active with a finish time");
  } else {
    if (row.deadlineAt !== null || row.reminderAt !== null) problems.push(`${row.status} with a deadline`);
    if (row.finishedAt === null) problems.push(`${row.status} without a finish time`);
  }
  if (outcome.over && (row.status !== "finished" || row.reason !== outcome.reason || row.winner !== outcome.winner)) {
    problems.push(
      `the position ended (${outcome.reason}, winner ${outcome.winner}) but the row says ${row.status} ${row.reason} ${row.winner}`,
    );
  }
  return problems;
}

/** Every game of the database with its problems, and the accepted challenges without their game. */
export function databaseProblems(
  database: Database_,
  computerIds: ReadonlySet<string> = new Set(),
): { games: number; problems: string[] } {
  const rows = database.db.select().from(games).all();
  const problems = rows.flatMap((row) => gameProblems(row, computerIds).map((p) => `game ${row.id}: ${p}`));
  for (const c of database.db.select().from(challenges).where(eq(challenges.status, "accepted")).all()) {
    if (!c.gameId || !rows.some((r) => r.id === c.gameId))
      problems.push(`challenge ${c.id}: accepted without its game`);
  }
  return { games: rows.length, problems };
}
