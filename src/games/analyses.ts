/**
 * Analyses of finished games: requested, queued (at most one runs per server; the others wait in the
 * `analyses` table, so a restart picks them up again), searched position by position in the AI pool at
 * a fixed budget, and stored, so a second request is answered at once. Returns data only; the
 * Discord side (src/games/jobs/analysis-jobs.ts) runs the queue and edits the messages.
 */
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { builtOnce, type Db, IMMEDIATE } from "../db/client.ts";
import { type AnalysisRow, analyses, games } from "../db/schema.ts";
import { UserError } from "../errors.ts";
import { type AnalysisReport, buildReport, type PositionEval, positionsToSearch } from "./analysis-report.ts";
import type { Computer } from "./computer.ts";
import { gameNotFound } from "./service.ts";
import { type GameSnapshot, snapshotOf } from "./snapshot.ts";

// Looked at after every change (the throttled poke): built once (builtOnce).
const runningAnalyses = builtOnce((db) =>
  db.select({ guildId: analyses.guildId }).from(analyses).where(eq(analyses.status, "running")).prepare(),
);
const queuedAnalyses = builtOnce((db) =>
  db
    .select()
    .from(analyses)
    .where(eq(analyses.status, "queued"))
    .orderBy(asc(analyses.createdAt), asc(sql`rowid`))
    .prepare(),
);

/** A queued analysis without a message this long after it was asked for is run anyway (its answer was lost). */
export const UNBOUND_GRACE = 60_000;

export type AnalysisAnswer =
  /** Waiting or running: `ahead` analyses of the server run or wait before it. */
  | { readonly kind: "queued"; readonly row: AnalysisRow; readonly ahead: number; readonly fresh: boolean }
  | { readonly kind: "done"; readonly row: AnalysisRow; readonly report: AnalysisReport };

export interface AnalysisInput {
  readonly gameId: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly userId: string;
}

function parsePositions(row: AnalysisRow): PositionEval[] {
  return row.positions ? (JSON.parse(row.positions) as PositionEval[]) : [];
}

export class AnalysisService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly computer: Computer,
  ) {}

  get(gameId: string): AnalysisRow | null {
    return this.db.select().from(analyses).where(eq(analyses.gameId, gameId)).get() ?? null;
  }

  /** The report of a finished analysis, or null. */
  report(gameId: string): { readonly row: AnalysisRow; readonly report: AnalysisReport } | null {
    const row = this.get(gameId);
    if (row?.status !== "done") return null;
    const game = this.db.select().from(games).where(eq(games.id, gameId)).get();
    if (!game) return null;
    return { row, report: buildReport(snapshotOf(game).state, parsePositions(row)) };
  }

  /**
   * Asks for the analysis of a game of this server that has ended: the stored one when there is one,
   * else the game joins the server's queue (a failed analysis is tried again).
   */
  request(input: AnalysisInput): AnalysisAnswer {
    const now = this.clock.now();
    const answer = this.db.transaction((tx): AnalysisAnswer | { kind: "report"; row: AnalysisRow } => {
      const game = tx.select().from(games).where(eq(games.id, input.gameId)).get();
      if (!game || game.guildId !== input.guildId) throw gameNotFound(input.gameId);
      if (game.status === "active") throw new UserError("analysis/active");
      if (game.moves === "[]") throw new UserError("analysis/empty");
      const existing = tx.select().from(analyses).where(eq(analyses.gameId, game.id)).get();
      if (existing?.status === "done") return { kind: "report", row: existing };
      if (existing && existing.status !== "failed") {
        return { kind: "queued", row: existing, ahead: this.ahead(existing), fresh: false };
      }
      const values = {
        gameId: game.id,
        guildId: game.guildId,
        channelId: input.channelId,
        messageId: null,
        requestedBy: input.userId,
        status: "queued" as const,
        budgetMs: this.computer.analysisMs,
        total: positionsToSearch(snapshotOf(game).state),
        done: 0,
        positions: null,
        error: null,
        createdAt: now,
        startedAt: null,
        finishedAt: null,
      };
      const row = tx
        .insert(analyses)
        .values(values)
        .onConflictDoUpdate({ target: analyses.gameId, set: values })
        .returning()
        .get();
      return { kind: "queued", row, ahead: this.ahead(row), fresh: true };
    }, IMMEDIATE);
    if (answer.kind !== "report") return answer;
    const done = this.report(answer.row.gameId);
    if (!done) throw new Error(`analysis of ${answer.row.gameId} is done but unreadable`);
    return { kind: "done", ...done };
  }

  /** How many analyses of the same server run or wait before this one (the queue's order: asked first, runs first). */
  ahead(row: AnalysisRow): number {
    if (row.status === "running") return 0;
    const mine = this.db.select({ at: sql<number>`rowid` }).from(analyses).where(eq(analyses.gameId, row.gameId)).get();
    const found = this.db
      .select({ n: sql<number>`count(*)` })
      .from(analyses)
      .where(
        and(
          eq(analyses.guildId, row.guildId),
          or(
            eq(analyses.status, "running"),
            and(eq(analyses.status, "queued"), lt(analyses.createdAt, row.createdAt)),
            and(eq(analyses.status, "queued"), eq(analyses.createdAt, row.createdAt), lt(sql`rowid`, mine?.at ?? 0)),
          ),
        ),
      )
      .get();
    return found?.n ?? 0;
  }

  bindMessage(gameId: string, channelId: string, messageId: string): void {
    this.db.update(analyses).set({ channelId, messageId }).where(eq(analyses.gameId, gameId)).run();
  }

  /**
   * Starts the next analysis of every server that has none running (the oldest waiting one whose
   * message has been posted, or that has waited past the grace) and returns them.
   */
  claim(owns: (guildId: string) => boolean = () => true): AnalysisRow[] {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const busy = new Set(
        runningAnalyses(tx)
          .all()
          .map((r) => r.guildId),
      );
      const waiting = queuedAnalyses(tx).all();
      const started: AnalysisRow[] = [];
      for (const row of waiting) {
        if (busy.has(row.guildId) || !owns(row.guildId)) continue;
        if (row.messageId === null && row.createdAt > now - UNBOUND_GRACE) continue;
        busy.add(row.guildId);
        const running = tx
          .update(analyses)
          .set({ status: "running", startedAt: now, done: 0 })
          .where(and(eq(analyses.gameId, row.gameId), eq(analyses.status, "queued")))
          .returning()
          .get();
        if (running) started.push(running);
      }
      return started;
    }, IMMEDIATE);
  }

  /**
   * At start-up: analyses that were running when the bot stopped start again from the beginning
   * (with sharding, only those of the servers this process holds: another shard's are still running).
   */
  requeueRunning(owns: (guildId: string) => boolean = () => true): number {
    const running = this.db
      .select({ gameId: analyses.gameId, guildId: analyses.guildId })
      .from(analyses)
      .where(eq(analyses.status, "running"))
      .all()
      .filter((row) => owns(row.guildId));
    for (const row of running) {
      this.db
        .update(analyses)
        .set({ status: "queued", done: 0, startedAt: null })
        .where(and(eq(analyses.gameId, row.gameId), eq(analyses.status, "running")))
        .run();
    }
    return running.length;
  }

  /** The queued analyses of the servers in `guildIds` (their messages say how many are ahead). */
  waiting(guildIds: readonly string[]): AnalysisRow[] {
    if (guildIds.length === 0) return [];
    return this.db
      .select()
      .from(analyses)
      .where(and(eq(analyses.status, "queued"), inArray(analyses.guildId, [...guildIds])))
      .all();
  }

  /**
   * Searches every position of the claimed analysis `row` in turn (expert level, its fixed budget),
   * recording progress after each; then stores the result and returns the report.
   */
  async run(
    row: AnalysisRow,
    onProgress: (done: number, total: number) => void | Promise<void>,
    signal?: AbortSignal,
  ): Promise<{ readonly game: GameSnapshot; readonly report: AnalysisReport }> {
    const gameRow = this.db.select().from(games).where(eq(games.id, row.gameId)).get();
    if (!gameRow) throw new Error(`game ${row.gameId} is gone`);
    const game = snapshotOf(gameRow);
    const { history: moves, ruleset } = game.state;
    const total = positionsToSearch(game.state);
    const positions: PositionEval[] = [];
    for (let k = 0; k < total; k++) {
      const result = await this.computer.thinkAbout(
        { ruleset, moves: moves.slice(0, k), level: "expert", ms: row.budgetMs, verdict: true },
        signal,
      );
      positions.push({
        score: result.score,
        best: result.best,
        depth: result.depth,
        ...(result.endgame && { endgame: result.endgame }),
      });
      this.db
        .update(analyses)
        .set({ done: k + 1 })
        .where(eq(analyses.gameId, row.gameId))
        .run();
      await onProgress(k + 1, total);
    }
    const report = buildReport(game.state, positions);
    this.db
      .update(analyses)
      .set({ status: "done", positions: JSON.stringify(positions), finishedAt: this.clock.now(), error: null })
      .where(eq(analyses.gameId, row.gameId))
      .run();
    return { game, report };
  }

  fail(gameId: string, error: string): void {
    this.db
      .update(analyses)
      .set({ status: "failed", error, finishedAt: this.clock.now() })
      .where(eq(analyses.gameId, gameId))
      .run();
  }
}
