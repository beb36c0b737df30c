/**
 * Which finished games are mined for puzzles, and how far each got (docs/puzzles.md, "Mining this
 * server's games"). A game is mined in node-bounded steps (src/puzzles/jobs/puzzle-mining.ts runs them in the
 * AI pool's bot lane); each step's end is written here, so a restart goes on where it stopped.
 */
import { and, desc, eq, gte, isNull, notExists, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { analyses, games, puzzleMining } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import type { PositionScore, Puzzle } from "./core/index.ts";
import { addPuzzles, puzzleRow } from "./puzzle-catalog.ts";

/** Games shorter than this are not mined: too little happens in them to make a puzzle. */
export const MIN_MINED_MOVES = 10;
/**
 * Only games finished this recently are mined: a bot that starts mining mines its last month, not its
 * whole history, and the look for the next game stays short however many games the database holds.
 */
export const MINE_WITHIN_MS = 30 * 86_400_000;

export interface MiningJob {
  readonly gameId: string;
  readonly guildId: string;
  readonly ruleset: RulesetId;
  readonly moves: readonly number[];
  /** Where this step starts. */
  readonly fromPly: number;
  /** The game's analysis, when it has one: its scores stand in for the scan. */
  readonly evaluations?: readonly PositionScore[];
}

export interface MiningStep {
  readonly puzzles: readonly Puzzle[];
  readonly nodes: number;
  readonly ms: number;
  /** Where the next step starts; null when the game is done. */
  readonly nextPly: number | null;
}

export class PuzzleMiningStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The game to mine next: one under way first, else the latest finished game not mined yet. */
  next(owns: (guildId: string) => boolean = () => true): MiningJob | null {
    const running = this.db
      .select({ game: games, nextPly: puzzleMining.nextPly })
      .from(puzzleMining)
      .innerJoin(games, eq(games.id, puzzleMining.gameId))
      .where(eq(puzzleMining.status, "running"))
      .all()
      .find((r) => owns(r.game.guildId));
    if (running) return this.job(running.game, running.nextPly);
    const candidates = this.db
      .select()
      .from(games)
      .where(
        and(
          eq(games.status, "finished"),
          isNull(games.voidedAt),
          gte(games.finishedAt, this.clock.now() - MINE_WITHIN_MS),
          sql`json_array_length(${games.moves}) >= ${MIN_MINED_MOVES}`,
          notExists(this.db.select().from(puzzleMining).where(eq(puzzleMining.gameId, games.id))),
        ),
      )
      .orderBy(desc(games.finishedAt))
      .limit(20)
      .all();
    const game = candidates.find((g) => owns(g.guildId));
    if (!game) return null;
    this.db
      .insert(puzzleMining)
      .values({
        gameId: game.id,
        status: "running",
        nextPly: 0,
        steps: 0,
        nodes: 0,
        ms: 0,
        found: 0,
        updatedAt: this.clock.now(),
      })
      .onConflictDoNothing()
      .run();
    return this.job(game, 0);
  }

  private job(game: typeof games.$inferSelect, fromPly: number): MiningJob {
    const analysis = this.db.select().from(analyses).where(eq(analyses.gameId, game.id)).get();
    const evaluations =
      analysis?.status === "done" && analysis.positions
        ? (JSON.parse(analysis.positions) as PositionScore[])
        : undefined;
    return {
      gameId: game.id,
      guildId: game.guildId,
      ruleset: game.ruleset,
      moves: JSON.parse(game.moves) as number[],
      fromPly,
      evaluations,
    };
  }

  /** Records a step: its puzzles added, where the next starts (or the game done). Returns the puzzles added. */
  step(job: MiningJob, step: MiningStep): number {
    const now = this.clock.now();
    const added = addPuzzles(
      this.db,
      step.puzzles.map((p) => puzzleRow(p, job.guildId, now)),
    );
    this.db
      .update(puzzleMining)
      .set({
        status: step.nextPly === null ? "done" : "running",
        nextPly: step.nextPly ?? job.moves.length,
        steps: sql`${puzzleMining.steps} + 1`,
        nodes: sql`${puzzleMining.nodes} + ${step.nodes}`,
        ms: sql`${puzzleMining.ms} + ${Math.round(step.ms)}`,
        found: sql`${puzzleMining.found} + ${added}`,
        updatedAt: now,
      })
      .where(eq(puzzleMining.gameId, job.gameId))
      .run();
    return added;
  }

  /** A game whose mining failed is not tried again. */
  fail(gameId: string): void {
    this.db
      .update(puzzleMining)
      .set({ status: "failed", updatedAt: this.clock.now() })
      .where(eq(puzzleMining.gameId, gameId))
      .run();
  }

  /** The mining record of a game (for tests and the tools). */
  get(gameId: string) {
    return this.db.select().from(puzzleMining).where(eq(puzzleMining.gameId, gameId)).get() ?? null;
  }
}
