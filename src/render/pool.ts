/**
 * Rendering off the event loop: boards, animations and charts are drawn by a bounded pool of worker
 * threads, so the thread that answers interactions never spends its time painting. Games against
 * the computer render in their own lane of the pool (see src/workers/pool.ts).
 */
import "./allocator-options.ts";
import type { Player } from "../engine/index.ts";
import type { Locale } from "../i18n/index.ts";
import type { TournamentImage } from "../tournaments/images/tournament-image.ts";
import { type Lane, type PoolStats, WorkerPool } from "../workers/pool.ts";
import type { WorkerPriority } from "../workers/priority.ts";
import type { AdvantageMark } from "./advantage-chart.ts";
import type { ChartUnit, RatingPoint, Rung } from "./chart.ts";
import type { RenderTask } from "./task.ts";
import type { BoardView } from "./view.ts";

export interface RenderPoolOptions {
  /** Worker threads, each started on first use (default: one per core, at most one per GiB of memory). */
  readonly threads?: number;
  /** Waiting renders before new ones are refused (default 1000). */
  readonly maxQueue?: number;
  /** The render threads' priority (default low: below the main thread; src/workers/priority.ts). */
  readonly priority?: WorkerPriority;
}

export class RenderPool {
  private readonly pool: WorkerPool<RenderTask, Uint8Array | string>;

  constructor(options: RenderPoolOptions = {}) {
    // worker.js beside this module when run from the compiled build (dist/), worker.ts from the sources.
    const worker = import.meta.url.endsWith(".js") ? "./worker.js" : "./worker.ts";
    this.pool = new WorkerPool({ module: new URL(worker, import.meta.url), ...options });
  }

  private async run(task: RenderTask, lane: Lane): Promise<Buffer> {
    const bytes = await this.pool.run(task, lane);
    if (typeof bytes === "string") throw new Error(`a ${task.kind} render answered text`);
    // A Buffer arrives from the worker as a plain Uint8Array over a copy of its bytes.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  board(view: BoardView, lane: Lane = "people", locale: Locale = "en"): Promise<Buffer> {
    return this.run({ kind: "board", view, locale }, lane);
  }

  animation(view: BoardView, lane: Lane = "people", locale: Locale = "en"): Promise<Buffer> {
    return this.run({ kind: "animation", view, locale }, lane);
  }

  /** A line of moves (a puzzle's solution) as one animation. */
  line(
    views: readonly BoardView[],
    lane: Lane = "people",
    locale: Locale = "en",
    opening?: BoardView,
  ): Promise<Buffer> {
    return this.run({ kind: "line", views, locale, opening }, lane);
  }

  /** The board's alt text (it measures text with the board's fonts, so it is worked out where they are loaded). */
  async boardAlt(view: BoardView, lane: Lane = "people", locale: Locale = "en"): Promise<string> {
    const text = await this.pool.run({ kind: "board-alt", view, locale }, lane);
    if (typeof text !== "string") throw new Error("the board's alt text came back as bytes");
    return text;
  }

  ratingChart(
    title: string,
    points: readonly RatingPoint[],
    locale: Locale = "en",
    unit: ChartUnit = "games",
  ): Promise<Buffer> {
    return this.run({ kind: "rating-chart", title, points, locale, unit }, "people");
  }

  ladder(title: string, rungs: readonly Rung[], more: number, locale: Locale = "en"): Promise<Buffer> {
    return this.run({ kind: "ladder", title, rungs, more, locale }, "people");
  }

  /** A tournament's standings, crosstable, bracket or podium. */
  tournament(image: TournamentImage, locale: Locale = "en"): Promise<Buffer> {
    return this.run({ kind: "tournament", image, locale }, "people");
  }

  advantageChart(
    title: string,
    evaluations: readonly number[],
    marks: readonly { readonly ply: number; readonly mark: AdvantageMark }[],
    locale: Locale = "en",
    movers?: readonly Player[],
  ): Promise<Buffer> {
    return this.run({ kind: "advantage-chart", title, evaluations, marks, locale, movers }, "people");
  }

  stats(): PoolStats {
    return this.pool.stats();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
