import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { paintLetters } from "../../src/render/background.ts";
import { renderLadderImage, renderRatingChart } from "../../src/render/chart.ts";
import { moveFrames } from "../../src/render/frames.ts";
import { registerFonts } from "../../src/render/index.ts";
import { collectLabels, type DrawnLabel } from "../../src/render/labels.ts";
import { GROOVE, HEIGHT, PIT_RADIUS, pitCenter, WIDTH } from "../../src/render/layout.ts";
import { drawScene } from "../../src/render/scene.ts";
import { stillScene } from "../../src/render/still.ts";
import type { BoardView } from "../../src/render/view.ts";
import { SCENARIOS } from "./fixtures.ts";

/** Discord shows an image about 440 px wide in a chat on a laptop. */
const SHOWN = 440;
const MIN_PX = 11;

/** The labels of every frame of a view (and the house letters), drawn on a canvas 440 px wide. */
function boardLabels(view: BoardView, stillOnly = false): DrawnLabel[] {
  registerFonts();
  const scale = SHOWN / WIDTH;
  const canvas = createCanvas(SHOWN, Math.round(HEIGHT * scale));
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  const labels: DrawnLabel[] = [];
  const scenes = view.lastMove && !stillOnly ? moveFrames(view).map((f) => f.scene) : [stillScene(view)];
  collectLabels(
    (label) => labels.push(label),
    () => {
      paintLetters(ctx);
      for (const scene of scenes) drawScene(ctx, scale, view, scene);
    },
  );
  return labels;
}

/** A label's height on screen at 440 px: its font size and its measured box, scaled. */
function shownHeight(label: DrawnLabel, width: number): { size: number; box: number } {
  const k = SHOWN / width;
  return { size: label.size * k, box: label.h * k };
}

describe("legibility at Discord's size", () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`board labels - at least 11 px high when shown 440 px wide - ${name}`, () => {
      const view = { ...scenario(), gameId: "ab12cd34", footer: "Series 3-2 · first to 6" };
      const labels = boardLabels(view);
      // Letters a-f and A-F, the counts, both names, the ruleset and id, the footer at least.
      expect(labels.length).toBeGreaterThanOrEqual(12 + 12 + 2 + 2 + 2);
      for (const label of labels) {
        const { size, box } = shownHeight(label, WIDTH);
        expect(size, `"${label.text}"`).toBeGreaterThanOrEqual(MIN_PX);
        expect(box, `"${label.text}"`).toBeGreaterThanOrEqual(MIN_PX);
      }
      const texts = labels.map((l) => l.text);
      expect(texts).toEqual(expect.arrayContaining(["Ada", "Kwame"]));
      expect(texts.some((t) => t.endsWith("· game ab12cd34"))).toBe(true);
      if (!view.outcome.over) expect(texts).toContain("to move");
    });
  }

  it("board labels - the stores are labelled with their owners - start position", () => {
    const texts = boardLabels(SCENARIOS.start(), true).map((l) => l.text);
    // Each name appears twice: in the header and on the store.
    expect(texts.filter((t) => t === "Ada")).toHaveLength(2);
    expect(texts.filter((t) => t === "Kwame")).toHaveLength(2);
  });

  it("result banner - between the rows, clear of every pit - finished game", () => {
    const labels = boardLabels(SCENARIOS.finished(), true);
    const banner = labels.filter((l) => l.text.startsWith("Ada wins") || l.text.startsWith("reached"));
    expect(banner).toHaveLength(2);
    for (const l of banner) {
      expect(l.y).toBeGreaterThanOrEqual(GROOVE.top);
      expect(l.y + l.h).toBeLessThanOrEqual(GROOVE.bottom);
    }
    expect(GROOVE.top).toBe(pitCenter(6).y + PIT_RADIUS);
    expect(GROOVE.bottom).toBe(pitCenter(0).y - PIT_RADIUS);
  });

  it("rating chart and ladder - every label at least 11 px high at 440 px - charts", () => {
    const labels: DrawnLabel[] = [];
    const point = (i: number) => ({ at: Date.UTC(2026, 10, 1 + i), rating: 1500 + i * 9, deviation: 300 - i * 9 });
    collectLabels(
      (l) => labels.push(l),
      () => {
        void renderRatingChart(
          "alice · Oware Abapa · season 1",
          Array.from({ length: 14 }, (_, i) => point(i)),
        );
        void renderLadderImage(
          "Oware Abapa ladder",
          [{ name: "dave", detail: "1612", moved: "took rung 1", direction: "up" }],
          3,
        );
      },
    );
    expect(labels.map((l) => l.text)).toEqual(
      expect.arrayContaining([
        "rating",
        "± deviation (how sure)",
        "1500: the start",
        "1",
        "14",
        "dave",
        "… and 3 more",
      ]),
    );
    for (const label of labels) expect(shownHeight(label, 800).size, `"${label.text}"`).toBeGreaterThanOrEqual(MIN_PX);
  });
});
