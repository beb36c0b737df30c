import { afterAll, describe, expect, it } from "vitest";
import { renderLadderImage, renderRatingChart } from "../../src/render/chart.ts";
import { describeBoard } from "../../src/render/describe.ts";
import { renderBoardPng, renderMoveGif } from "../../src/render/index.ts";
import { RenderPool } from "../../src/render/pool.ts";
import { SCENARIOS } from "./fixtures.ts";

const pool = new RenderPool({ threads: 2 });
afterAll(() => pool.close());

describe("RenderPool", () => {
  it("RenderPool - draws the same bytes as this thread - every kind of image", async () => {
    const view = SCENARIOS.capture();
    const points = [
      { at: Date.UTC(2026, 0, 1), rating: 1500, deviation: 350 },
      { at: Date.UTC(2026, 0, 2), rating: 1662, deviation: 290 },
    ];
    const rungs = [{ name: "Ada", detail: "1 win" }];
    const [board, gif, alt, chart, ladder] = await Promise.all([
      pool.board(view),
      pool.animation(view, "bot"),
      pool.boardAlt(view),
      pool.ratingChart("Ada", points),
      pool.ladder("Ladder", rungs, 2),
    ]);
    expect(Buffer.isBuffer(board)).toBe(true);
    expect(board.equals(await renderBoardPng(view))).toBe(true);
    expect(gif.equals(await renderMoveGif(view))).toBe(true);
    expect(alt).toBe(describeBoard(view));
    expect(chart.equals(await renderRatingChart("Ada", points))).toBe(true);
    expect(ladder.equals(await renderLadderImage("Ladder", rungs, 2))).toBe(true);
  });

  it("RenderPool - renders in worker threads, each answer to its own task - many boards at once", async () => {
    const names = Object.keys(SCENARIOS) as (keyof typeof SCENARIOS)[];
    const views = Array.from({ length: 20 }, (_, i) => SCENARIOS[names[i % names.length]]());
    const boards = await Promise.all(views.map((view) => pool.board(view)));
    for (const [i, board] of boards.entries())
      expect(board.equals(await renderBoardPng(views[i])), `board ${i}`).toBe(true);
    expect(pool.stats()).toEqual({ threads: 2, running: 0, queued: { people: 0, bot: 0 } });
  });
});
