/**
 * Puzzles for players (docs/solving-puzzles.md): a try is started, played move by move and ends solved
 * or failed, each step a conditional write on the try's `step` (its ply), so a second press of an old
 * button changes nothing. A player's first try at a puzzle is rated (Glicko-2, per ruleset, the puzzle
 * rated too); the next puzzle is chosen near the player's rating among those they never tried.
 * Puzzles never touch game ratings, ladders or series.
 */
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Rating } from "../competition/glicko.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import {
  dailyPuzzles,
  type PuzzleAttemptRow,
  type PuzzleRow,
  puzzleAttempts,
  puzzleRatings,
  puzzles,
} from "../db/schema.ts";
import { play, type RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { newId } from "../games/ids.ts";
import { term } from "../i18n/index.ts";
import { RULESET_NAME } from "../i18n/terms.ts";
import type { Theme } from "./core/index.ts";
import { ensureStarterPuzzles } from "./puzzle-catalog.ts";
import { housesOf, linePoints, nextSolverStep } from "./puzzle-line.ts";
import { INITIAL_PUZZLE_PLAYER, rateTry } from "./puzzle-rating.ts";

/** The next puzzle is drawn from this many untried ones nearest the player's rating: variety, not always the same. */
export const NEAREST = 12;

export interface PuzzleChoice {
  readonly userId: string;
  readonly guildId: string | null;
  readonly ruleset: RulesetId;
  readonly theme?: Theme | null;
}

/** A try and its puzzle, as the views show them. */
export interface PuzzleTry {
  readonly attempt: PuzzleAttemptRow;
  readonly puzzle: PuzzleRow;
}

export interface RatingChange {
  readonly before: number;
  readonly after: number;
  /** The deviation after: a provisional rating is shown with "?". */
  readonly deviation: number;
}

/** What a press did: the line goes on (the opponent replied), or the try ended. */
export interface PuzzleMoveResult extends PuzzleTry {
  readonly kind: "continue" | "solved" | "failed";
  /** The houses played by this press: the solver's, then the opponent's replies (none when the try failed). */
  readonly played: readonly number[];
  /** The house pressed when it was not the solution's (null when the player gave up). */
  readonly wrong: number | null;
  /** The player's rating change when the try was rated and ended. */
  readonly change: RatingChange | null;
  /** The player's streak in this ruleset after the try (rated tries only count). */
  readonly streak: number;
}

export interface PuzzleStanding {
  readonly userId: string;
  readonly ruleset: RulesetId;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly attempts: number;
  readonly solved: number;
  readonly streak: number;
  readonly bestStreak: number;
}

export class PuzzleService {
  private starterLoaded = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Which of the nearest puzzles is served; injectable so tests are deterministic. */
    private readonly random: () => number = Math.random,
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
  history(userId: string, ruleset: RulesetId): { at: number; rating: number }[] {
    return this.db
      .select({ at: puzzleAttempts.finishedAt, rating: puzzleAttempts.ratingAfter })
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
      .map((r) => ({ at: r.at ?? 0, rating: r.rating ?? 0 }));
  }

  /**
   * A new try at a puzzle chosen for the player: untried, of the theme when one is asked, among the
   * NEAREST to their rating. When they tried every one, the one they tried longest ago (unrated).
   */
  next(choice: PuzzleChoice): PuzzleTry {
    this.ready();
    return this.db.transaction((tx) => {
      this.abandon(tx, choice.userId);
      const { rating } = this.standing(choice.userId, choice.ruleset, tx);
      const theme = choice.theme ? sql`(' ' || ${puzzles.themes} || ' ') like ${`% ${choice.theme} %`}` : undefined;
      const tried = sql`${puzzles.id} in (select ${puzzleAttempts.puzzleId} from ${puzzleAttempts} where ${puzzleAttempts.userId} = ${choice.userId})`;
      const fresh = tx
        .select()
        .from(puzzles)
        .where(and(eq(puzzles.ruleset, choice.ruleset), theme, sql`not ${tried}`))
        .orderBy(sql`abs(${puzzles.rating} - ${rating})`)
        .limit(NEAREST)
        .all();
      if (fresh.length) {
        const puzzle = fresh[Math.floor(this.random() * fresh.length)];
        return { puzzle, attempt: this.open(tx, choice, puzzle, null) };
      }
      const again = tx
        .select({ puzzle: puzzles })
        .from(puzzles)
        .innerJoin(puzzleAttempts, eq(puzzleAttempts.puzzleId, puzzles.id))
        .where(and(eq(puzzles.ruleset, choice.ruleset), theme, eq(puzzleAttempts.userId, choice.userId)))
        .groupBy(puzzles.id)
        .orderBy(sql`max(${puzzleAttempts.startedAt})`)
        .limit(1)
        .get();
      if (!again) throw new UserError("puzzle/none", { ruleset: term(RULESET_NAME[choice.ruleset]) });
      return { puzzle: again.puzzle, attempt: this.open(tx, choice, again.puzzle, null) };
    }, IMMEDIATE);
  }

  /**
   * A player who asks for another puzzle leaves their unfinished rated tries (daily ones aside): each
   * counts as missed, so that skipping a hard puzzle costs what failing it does.
   */
  private abandon(tx: Tx, userId: string): void {
    const left = tx
      .select()
      .from(puzzleAttempts)
      .where(
        and(
          eq(puzzleAttempts.userId, userId),
          eq(puzzleAttempts.status, "open"),
          eq(puzzleAttempts.rated, true),
          isNull(puzzleAttempts.dailyDate),
        ),
      )
      .all();
    for (const attempt of left) {
      const puzzle = tx.select().from(puzzles).where(eq(puzzles.id, attempt.puzzleId)).get();
      if (puzzle) this.finish(tx, attempt, puzzle, false, null, []);
    }
  }

  /** A new try at a given puzzle (the daily one): rated when it is the player's first. */
  start(choice: Omit<PuzzleChoice, "ruleset">, puzzleId: string, dailyDate: string | null): PuzzleTry {
    this.ready();
    return this.db.transaction((tx) => {
      const puzzle = tx.select().from(puzzles).where(eq(puzzles.id, puzzleId)).get();
      if (!puzzle) throw new UserError("puzzle/gone");
      return { puzzle, attempt: this.open(tx, { ...choice, ruleset: puzzle.ruleset }, puzzle, dailyDate) };
    }, IMMEDIATE);
  }

  /**
   * The player's try at `puzzle`: the one still open when there is one (a second Solve must not give an
   * unrated try whose solution then wins the rated one), else a new one, rated when it is their first.
   */
  private open(tx: Tx, choice: PuzzleChoice, puzzle: PuzzleRow, dailyDate: string | null): PuzzleAttemptRow {
    const mine = and(eq(puzzleAttempts.userId, choice.userId), eq(puzzleAttempts.puzzleId, puzzle.id));
    const unfinished = tx
      .select()
      .from(puzzleAttempts)
      .where(and(mine, eq(puzzleAttempts.status, "open")))
      .get();
    if (unfinished) return unfinished;
    const before = tx.select({ id: puzzleAttempts.id }).from(puzzleAttempts).where(mine).get();
    const row: PuzzleAttemptRow = {
      id: newId(),
      userId: choice.userId,
      guildId: choice.guildId,
      puzzleId: puzzle.id,
      ruleset: puzzle.ruleset,
      theme: choice.theme ?? null,
      step: 0,
      status: "open",
      rated: !before,
      ratingBefore: this.standing(choice.userId, puzzle.ruleset, tx).rating,
      ratingAfter: null,
      dailyDate,
      startedAt: this.clock.now(),
      finishedAt: null,
    };
    tx.insert(puzzleAttempts).values(row).run();
    return row;
  }

  /**
   * The player pressed `house` at `step`: the solution's move plays the opponent's reply and waits for
   * the next (or solves the puzzle); any other legal move fails it. `step` must be the try's (else the
   * press is out of date).
   */
  move(attemptId: string, userId: string, step: number, house: number): PuzzleMoveResult {
    return this.db.transaction((tx) => {
      const { attempt, puzzle } = this.openTry(tx, attemptId, userId, step);
      const points = linePoints(puzzle);
      const legal = play(points[step].state, house);
      if (!legal.ok) throw new UserError("puzzle/illegal", { reason: legal.error.message });
      const solution = housesOf(puzzle.solution);
      if (house !== solution[step]) return this.finish(tx, attempt, puzzle, false, house, []);
      const next = nextSolverStep(points, step);
      const played = solution.slice(step, next);
      if (next >= solution.length) return this.finish(tx, attempt, puzzle, true, null, played);
      const moved = tx
        .update(puzzleAttempts)
        .set({ step: next })
        .where(and(eq(puzzleAttempts.id, attemptId), eq(puzzleAttempts.step, step)))
        .returning()
        .get();
      if (!moved) throw new UserError("puzzle/stale");
      const streak = this.standing(userId, puzzle.ruleset, tx).streak;
      return { kind: "continue", attempt: moved, puzzle, played, wrong: null, change: null, streak };
    }, IMMEDIATE);
  }

  /** The player asked for the solution: the try fails. */
  giveUp(attemptId: string, userId: string, step: number): PuzzleMoveResult {
    return this.db.transaction((tx) => {
      const { attempt, puzzle } = this.openTry(tx, attemptId, userId, step);
      return this.finish(tx, attempt, puzzle, false, null, []);
    }, IMMEDIATE);
  }

  private openTry(tx: Tx, attemptId: string, userId: string, step: number): PuzzleTry {
    const attempt = tx.select().from(puzzleAttempts).where(eq(puzzleAttempts.id, attemptId)).get();
    if (!attempt) throw new UserError("puzzle/gone");
    if (attempt.userId !== userId) throw new UserError("puzzle/not-yours");
    if (attempt.status !== "open" || attempt.step !== step) throw new UserError("puzzle/stale");
    // A daily try left open until its solution was posted would be solved from the channel.
    if (attempt.dailyDate && attempt.guildId) {
      const daily = tx
        .select({ solutionAt: dailyPuzzles.solutionAt })
        .from(dailyPuzzles)
        .where(and(eq(dailyPuzzles.guildId, attempt.guildId), eq(dailyPuzzles.date, attempt.dailyDate)))
        .get();
      if (daily?.solutionAt != null) throw new UserError("puzzle/daily-over");
    }
    const puzzle = tx.select().from(puzzles).where(eq(puzzles.id, attempt.puzzleId)).get();
    if (!puzzle) throw new UserError("puzzle/gone");
    return { attempt, puzzle };
  }

  private finish(
    tx: Tx,
    attempt: PuzzleAttemptRow,
    puzzle: PuzzleRow,
    solved: boolean,
    wrong: number | null,
    played: readonly number[],
  ): PuzzleMoveResult {
    const now = this.clock.now();
    const standing = this.standing(attempt.userId, puzzle.ruleset, tx);
    let change: RatingChange | null = null;
    let streak = standing.streak;
    let after = puzzle;
    if (attempt.rated) {
      const player = pickRating(standing);
      const rated = rateTry(player, pickRating(puzzle), solved);
      change = { before: player.rating, after: rated.player.rating, deviation: rated.player.deviation };
      streak = solved ? standing.streak + 1 : 0;
      const values = {
        ...rated.player,
        attempts: standing.attempts + 1,
        solved: standing.solved + (solved ? 1 : 0),
        streak,
        bestStreak: Math.max(standing.bestStreak, streak),
        updatedAt: now,
      };
      tx.insert(puzzleRatings)
        .values({ userId: attempt.userId, ruleset: puzzle.ruleset, ...values })
        .onConflictDoUpdate({ target: [puzzleRatings.userId, puzzleRatings.ruleset], set: values })
        .run();
      after = tx
        .update(puzzles)
        .set({
          ...rated.puzzle,
          attempts: sql`${puzzles.attempts} + 1`,
          solves: sql`${puzzles.solves} + ${solved ? 1 : 0}`,
        })
        .where(eq(puzzles.id, puzzle.id))
        .returning()
        .get() as PuzzleRow;
    }
    const ended = tx
      .update(puzzleAttempts)
      .set({
        status: solved ? "solved" : "failed",
        step: solved ? housesOf(puzzle.solution).length : attempt.step,
        ratingAfter: change?.after ?? null,
        finishedAt: now,
      })
      .where(and(eq(puzzleAttempts.id, attempt.id), eq(puzzleAttempts.step, attempt.step)))
      .returning()
      .get();
    if (!ended) throw new UserError("puzzle/stale");
    return { kind: solved ? "solved" : "failed", attempt: ended, puzzle: after, played, wrong, change, streak };
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

function pickRating(r: Rating): Rating {
  return { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
}
