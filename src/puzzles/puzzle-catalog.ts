/**
 * The puzzles in the database: the shipped starter set (data/puzzles, loaded once, the first time a
 * puzzle is needed, so a new server has puzzles on its first day) and those mined from finished games.
 */
import { sql } from "drizzle-orm";
import { type Db, IMMEDIATE } from "../db/client.ts";
import { puzzles } from "../db/schema.ts";
import { loadStarterPuzzles, type Puzzle } from "./core/index.ts";
import { digitsOf } from "./puzzle-line.ts";
import { NEW_PUZZLE_DEVIATION, NEW_PUZZLE_VOLATILITY } from "./puzzle-rating.ts";

type NewPuzzle = typeof puzzles.$inferInsert;

/** A found puzzle as a row, with its initial rating; `guildId` is its game's server. */
export function puzzleRow(puzzle: Puzzle, guildId: string | null, now: number): NewPuzzle {
  return {
    id: puzzle.id,
    ruleset: puzzle.ruleset,
    moves: digitsOf(puzzle.moves),
    solution: digitsOf(puzzle.solution),
    solverMoves: puzzle.solverMoves,
    themes: puzzle.themes.join(" "),
    rating: puzzle.rating,
    deviation: NEW_PUZZLE_DEVIATION,
    volatility: NEW_PUZZLE_VOLATILITY,
    sourceKind: puzzle.source.kind,
    sourceGameId: puzzle.source.kind === "game" ? puzzle.source.gameId : null,
    sourceGuildId: guildId,
    createdAt: now,
  };
}

/** Adds puzzles; one already there (the same position from the same moves) keeps its row and rating. */
export function addPuzzles(db: Db, rows: readonly NewPuzzle[]): number {
  let added = 0;
  db.transaction((tx) => {
    for (const row of rows) added += tx.insert(puzzles).values(row).onConflictDoNothing().run().changes;
  }, IMMEDIATE);
  return added;
}

/** Loads the starter set unless every one of its puzzles is there already. */
export function ensureStarterPuzzles(db: Db, now: number): number {
  const starter = loadStarterPuzzles();
  const have = db
    .select({ n: sql<number>`count(*)` })
    .from(puzzles)
    .where(sql`${puzzles.sourceKind} = 'starter'`)
    .get();
  if ((have?.n ?? 0) >= starter.length) return 0;
  return addPuzzles(
    db,
    starter.map((p) => puzzleRow(p, null, now)),
  );
}
