/**
 * Puzzles for players (docs/solving-puzzles.md): a try is started, played move by move and ends solved
 * or failed, each step a conditional write on the try's `step` (its ply), so a second press of an old
 * button changes nothing. A player's first try at a puzzle is rated (Glicko-2, per ruleset, the puzzle
 * rated too); the next puzzle is chosen near the player's rating among those they never tried.
 * Puzzles never touch game ratings, ladders or series.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
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
import { housesOf, linePoints, nextSolverStep } from "./puzzle-line.ts";
import { rateTry } from "./puzzle-rating.ts";
import { PuzzleReads } from "./puzzle-reads.ts";

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

export class PuzzleService extends PuzzleReads {
  constructor(
    db: Db,
    clock: Clock,
    /** Which of the nearest puzzles is served; injectable so tests are deterministic. */
    private readonly random: () => number = Math.random,
  ) {
    super(db, clock);
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
      deviationAfter: null,
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
        deviationAfter: change?.deviation ?? null,
        finishedAt: now,
      })
      .where(and(eq(puzzleAttempts.id, attempt.id), eq(puzzleAttempts.step, attempt.step)))
      .returning()
      .get();
    if (!ended) throw new UserError("puzzle/stale");
    return { kind: solved ? "solved" : "failed", attempt: ended, puzzle: after, played, wrong, change, streak };
  }
}

function pickRating(r: Rating): Rating {
  return { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
}
