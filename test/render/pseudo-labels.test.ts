/**
 * The words drawn on the images, under the pseudo-locale: every text the renderer writes with
 * `fillText` (board labels, banners, move summaries, chart legends and axes) must come from a
 * catalogue, so with NICKAR_PSEUDO_LOCALE=1 it is wrapped in ⟦ ⟧; a word outside the brackets was
 * written in the code. Every scenario of the render tests, each move's animation frames, and the charts.
 */
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "../../src/i18n/index.ts";
import { renderAdvantageChart } from "../../src/render/advantage-chart.ts";
import { renderLadderImage, renderRatingChart } from "../../src/render/chart.ts";
import { moveFrames } from "../../src/render/frames.ts";
import { registerFonts } from "../../src/render/index.ts";
import { HEIGHT, WIDTH } from "../../src/render/layout.ts";
import { drawScene } from "../../src/render/scene.ts";
import { stillScene } from "../../src/render/still.ts";
import type { BoardView } from "../../src/render/view.ts";
import { hardCoded } from "../i18n/pseudo-check.ts";
import { PLAYERS, SCENARIOS } from "./fixtures.ts";

const drawn: string[] = [];
const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext("2d")) as SKRSContext2D;
const original = proto.fillText;
const previous = process.env.NICKAR_PSEUDO_LOCALE;

beforeAll(() => {
  process.env.NICKAR_PSEUDO_LOCALE = "1";
  proto.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    drawn.push(text);
    return maxWidth === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, maxWidth);
  };
});

afterAll(() => {
  proto.fillText = original;
  if (previous === undefined) delete process.env.NICKAR_PSEUDO_LOCALE;
  else process.env.NICKAR_PSEUDO_LOCALE = previous;
});

const NAMES = [...PLAYERS.map((p) => p.name), "abc123"];

/** What was drawn outside the brackets, text by text. */
function leaks(): string[] {
  return [...new Set(drawn.filter((text) => hardCoded(text, NAMES).length > 0))];
}

describe("image words under the pseudo-locale", () => {
  it("board images - every word drawn comes from the catalogues - every scenario, still and animated", () => {
    registerFonts();
    const t = translator("en");
    const ctx = createCanvas(WIDTH, HEIGHT).getContext("2d");
    drawn.length = 0;
    for (const scenario of Object.values(SCENARIOS)) {
      // The footer and the banner's note are the caller's texts (translated where they are made, and
      // checked by the end-to-end pseudo-locale test), not the renderer's words.
      const view: BoardView = { ...scenario(), gameId: "abc123", footer: undefined, bannerNote: undefined };
      drawScene(ctx, 1, view, stillScene(view, t), t);
      if (view.lastMove) for (const frame of moveFrames(view, t)) drawScene(ctx, 1, view, frame.scene, t);
    }
    expect(drawn.length).toBeGreaterThan(50);
    expect(leaks()).toEqual([]);
  });

  it("charts - every word drawn comes from the catalogues - rating chart, ladder, advantage chart", async () => {
    const t = translator("en");
    drawn.length = 0;
    const title = t("common:ruleset.abapa");
    await renderRatingChart(
      title,
      [
        { at: Date.UTC(2026, 0, 1), rating: 1500, deviation: 350 },
        { at: Date.UTC(2026, 0, 2), rating: 1560, deviation: 300 },
      ],
      t,
    );
    await renderLadderImage(
      title,
      [
        { name: "Ada", detail: t("common:seeds", { count: 3 }), moved: t("common:why.extraMove"), direction: "up" },
        { name: "Kwame", detail: t("common:seeds", { count: 1 }) },
      ],
      2,
      t,
    );
    await renderAdvantageChart(title, [0, 1, -2, 3], [{ ply: 2, mark: "blunder" }], t);
    expect(drawn.length).toBeGreaterThan(10);
    expect(leaks()).toEqual([]);
  });
});
