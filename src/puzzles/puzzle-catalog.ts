/**
 * The puzzles in the database: the shipped starter set (data/puzzles, loaded once, the first time a
 * puzzle is needed, so a new server has puzzles on its first day) and those mined from finished games.
 */
import { eq } from "drizzle-orm";
import { type Db, IMMEDIATE } from "../db/client.ts";
import { puzzles } from "../db/schema.ts";
import { loadStarterPuzzles, type Puzzle, themesOf } from "./core/index.ts";
import { digitsOf, housesOf, refutationsText } from "./puzzle-line.ts";
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
    refutations: refutationsText(puzzle.refutations),
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

/**
 * Loads the starter set: its new puzzles are added, and the ones already there take the shipped file's
 * themes and refutations when these changed (a release that recomputed them: the same positions and
 * solutions, so their ratings, tries and daily posts stay); mined puzzles take their lines' themes too.
 * Read first, written only when something differs: at the first puzzle needed, usually nothing to write.
 */
export function ensureStarterPuzzles(db: Db, now: number): number {
  const rows = loadStarterPuzzles().map((p) => puzzleRow(p, null, now));
  const stored = new Map(
    db
      .select({ id: puzzles.id, solution: puzzles.solution, themes: puzzles.themes, refutations: puzzles.refutations })
      .from(puzzles)
      .where(eq(puzzles.sourceKind, "starter"))
      .all()
      .map((r) => [r.id, r]),
  );
  const missing = rows.filter((row) => !stored.has(row.id));
  const changed = rows.filter((row) => {
    const have = stored.get(row.id);
    return have?.solution === row.solution && (have.themes !== row.themes || have.refutations !== row.refutations);
  });
  const mined = minedThemesChanged(db);
  if (!changed.length && !mined.length) return missing.length ? addPuzzles(db, missing) : 0;
  let added = 0;
  db.transaction((tx) => {
    for (const row of missing) added += tx.insert(puzzles).values(row).onConflictDoNothing().run().changes;
    for (const row of changed)
      tx.update(puzzles).set({ themes: row.themes, refutations: row.refutations }).where(eq(puzzles.id, row.id)).run();
    for (const row of mined) tx.update(puzzles).set({ themes: row.themes }).where(eq(puzzles.id, row.id)).run();
  }, IMMEDIATE);
  return added;
}

/**
 * Mined puzzles whose stored themes are not what their line shows today (found by an older release, which
 * also tagged endings the player never sees): a replay each, no search. Their refutations cannot be made
 * here (a search each): such a puzzle keeps none.
 */
function minedThemesChanged(db: Db): { id: string; themes: string }[] {
  const rows = db
    .select({
      id: puzzles.id,
      ruleset: puzzles.ruleset,
      moves: puzzles.moves,
      solution: puzzles.solution,
      themes: puzzles.themes,
    })
    .from(puzzles)
    .where(eq(puzzles.sourceKind, "game"))
    .all();
  return rows
    .map((r) => ({
      id: r.id,
      stored: r.themes,
      themes: themesOf({ ruleset: r.ruleset, moves: housesOf(r.moves) }, housesOf(r.solution)).join(" "),
    }))
    .filter((r) => r.themes !== r.stored)
    .map(({ id, themes }) => ({ id, themes }));
}
