/**
 * The puzzle service's reads: a try, a puzzle, the counts, a player's standings and rating history, a
 * server's leaderboard. No transaction and no write but the starter set's first load (ready).
 * PuzzleService (puzzle-service.ts) adds the tries.
 */
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/client.ts";
import { type PuzzleRow, puzzleAttempts, puzzleRatings, puzzles } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { ensureStarterPuzzles } from "./puzzle-catalog.ts";
import { INITIAL_PUZZLE_PLAYER } from "./puzzle-rating.ts";
import type { PuzzleStanding, PuzzleTry } from "./puzzle-service.ts";

export class PuzzleReads {
  private starterLoaded = false;

  constructor(
    protected readonly db: Db,
    protected readonly clock: Clock,
  ) {}

  /** The shipped starter set in the database, loaded the first time a puzzle is needed. */
  ready(): void {
    if (this.starterLoaded) return;
    ensureStarterPuzzles(this.db, this.clock.now());
    this.starterLoaded = true;
  }

  get(attemptId: string): PuzzleTry | null {
    const attempt = this.db.select().from(puzzleAttempts).where(eq(puzzleAttempts.id, attemptId)).get();
    if (!attempt) return null;
    const puzzle = this.puzzle(attempt.puzzleId);
    return puzzle ? { attempt, puzzle } : null;
  }

  puzzle(id: string): PuzzleRow | null {
    this.ready();
    return this.db.select().from(puzzles).where(eq(puzzles.id, id)).get() ?? null;
  }

  /** Puzzles in a ruleset (and of a theme), for the daily choice and the tools. */
  count(ruleset?: RulesetId): number {
    this.ready();
    const row = this.db
      .select({ n: sql<number>`count(*)` })
      .from(puzzles)
      .where(ruleset ? eq(puzzles.ruleset, ruleset) : undefined)
      .get();
    return row?.n ?? 0;
  }

  /** The player's rating in a ruleset (the initial one before their first rated try). */
  standing(userId: string, ruleset: RulesetId, tx: Tx | Db = this.db): PuzzleStanding {
    const row = tx
      .select()
      .from(puzzleRatings)
      .where(and(eq(puzzleRatings.userId, userId), eq(puzzleRatings.ruleset, ruleset)))
      .get();
    return (
      row ?? {
        userId,
        ruleset,
        rating: INITIAL_PUZZLE_PLAYER.rating,
        deviation: INITIAL_PUZZLE_PLAYER.deviation,
        volatility: INITIAL_PUZZLE_PLAYER.volatility,
        attempts: 0,
        solved: 0,
        streak: 0,
        bestStreak: 0,
      }
    );
  }

  /** The player's standings in every ruleset they tried. */
  standings(userId: string): PuzzleStanding[] {
    return this.db
      .select()
      .from(puzzleRatings)
      .where(eq(puzzleRatings.userId, userId))
      .orderBy(desc(puzzleRatings.attempts))
      .all();
  }

  /** The player's rating after each rated try in a ruleset, oldest first (for the chart). */
  history(userId: string, ruleset: RulesetId): { at: number; rating: number; deviation: number | null }[] {
    return this.db
      .select({
        at: puzzleAttempts.finishedAt,
        rating: puzzleAttempts.ratingAfter,
        deviation: puzzleAttempts.deviationAfter,
      })
      .from(puzzleAttempts)
      .where(
        and(
          eq(puzzleAttempts.userId, userId),
          eq(puzzleAttempts.ruleset, ruleset),
          eq(puzzleAttempts.rated, true),
          isNotNull(puzzleAttempts.ratingAfter),
        ),
      )
      .orderBy(asc(puzzleAttempts.finishedAt))
      .all()
      .map((r) => ({ at: r.at ?? 0, rating: r.rating ?? 0, deviation: r.deviation }));
  }

  /**
   * The server's puzzle leaderboard in a ruleset: players who tried a puzzle here, by rating (or by
   * their longest streak), best first.
   */
  leaderboard(guildId: string, ruleset: RulesetId, by: "rating" | "streak", limit = 10): PuzzleStanding[] {
    const here = sql`${puzzleRatings.userId} in (select ${puzzleAttempts.userId} from ${puzzleAttempts} where ${puzzleAttempts.guildId} = ${guildId} and ${puzzleAttempts.ruleset} = ${ruleset})`;
    return this.db
      .select()
      .from(puzzleRatings)
      .where(and(eq(puzzleRatings.ruleset, ruleset), here))
      .orderBy(
        ...(by === "streak"
          ? [desc(puzzleRatings.bestStreak), desc(puzzleRatings.rating)]
          : [desc(puzzleRatings.rating), desc(puzzleRatings.bestStreak)]),
        asc(puzzleRatings.userId),
      )
      .limit(limit)
      .all();
  }
}
