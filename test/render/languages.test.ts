/**
 * The images in Danish and French: every label is the catalogue's word, at least 11 px high when the
 * image is shown 440 px wide, and inside the image (the longer words still fit); the render pool
 * draws and describes in the task's language.
 */
import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { type Locale, translator } from "../../src/i18n/index.ts";
import { renderAdvantageChart } from "../../src/render/advantage-chart.ts";
import { renderLadderImage, renderRatingChart } from "../../src/render/chart.ts";
import { describeBoard } from "../../src/render/describe.ts";
import { moveFrames } from "../../src/render/frames.ts";
import { registerFonts } from "../../src/render/index.ts";
import { collectLabels, type DrawnLabel } from "../../src/render/labels.ts";
import { HEIGHT, WIDTH } from "../../src/render/layout.ts";
import { RenderPool } from "../../src/render/pool.ts";
import { drawScene } from "../../src/render/scene.ts";
import { stillScene } from "../../src/render/still.ts";
import type { BoardView } from "../../src/render/view.ts";
import { SCENARIOS } from "./fixtures.ts";

const SHOWN = 440;
const MIN_PX = 11;

function boardLabels(view: BoardView, locale: Locale): DrawnLabel[] {
  registerFonts();
  const t = translator(locale);
  const scale = SHOWN / WIDTH;
  const ctx = createCanvas(SHOWN, Math.round(HEIGHT * scale)).getContext("2d");
  ctx.scale(scale, scale);
  const labels: DrawnLabel[] = [];
  const scenes = view.lastMove ? moveFrames(view, t).map((f) => f.scene) : [stillScene(view, t)];
  collectLabels(
    (label) => labels.push(label),
    () => {
      for (const scene of scenes) drawScene(ctx, scale, view, scene, t);
    },
  );
  return labels;
}

function expectLegibleInside(labels: readonly DrawnLabel[], width: number): void {
  for (const label of labels) {
    expect(label.size * (SHOWN / width), `"${label.text}"`).toBeGreaterThanOrEqual(MIN_PX);
    expect(label.x, `"${label.text}" starts inside`).toBeGreaterThanOrEqual(0);
    expect(label.x + label.w, `"${label.text}" ends inside`).toBeLessThanOrEqual(width);
  }
}

/** Long names, so that the longer Danish and French words have to share the header with them. */
const LONG_NAMES = { players: [{ name: "Margrethe Vestergaard" }, { name: "Jean-Baptiste Desrosiers" }] } as const;

describe("images in other languages", () => {
  for (const locale of ["da", "fr"] as const) {
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      it(`board labels - the language's words, legible and inside the image - ${locale} ${name}`, () => {
        const view: BoardView = {
          ...scenario(),
          ...LONG_NAMES,
          players: [...LONG_NAMES.players] as BoardView["players"],
          gameId: "ab12cd34",
        };
        const labels = boardLabels(view, locale);
        expectLegibleInside(labels, WIDTH);
        const texts = labels.map((l) => l.text);
        const t = translator(locale);
        expect(texts.some((text) => text.endsWith(`· ${locale === "da" ? "parti" : "partie"} ab12cd34`))).toBe(true);
        if (!view.outcome.over) expect(texts).toContain(t("board:header.toMove"));
        expect(texts.filter((text) => /\b(to move|played|took|wins|game)\b/.test(text))).toEqual([]);
      });
    }
  }

  it("board banner and alt text - French result and Danish turn - finished game and a capture", () => {
    const finished = boardLabels(SCENARIOS.finished(), "fr").map((l) => l.text);
    expect(finished).toEqual(expect.arrayContaining(["Ada gagne 27–2", "a atteint 25 graines"]));
    const alt = describeBoard({ ...SCENARIOS.capture(), gameId: "ab12cd34" }, translator("da"));
    expect(alt).toMatch(
      /^Bræt: Oware Abapa, parti ab12cd34\. Sidste træk: Ada spillede D, fangede 5\. Kwame er i trækket\./,
    );
    expect(alt).toContain("Syd, Ada: gruber A ");
  });

  it("charts - the legend, axis and counts in the language, inside the image - da and fr", () => {
    for (const locale of ["da", "fr"] as const) {
      const t = translator(locale);
      const labels: DrawnLabel[] = [];
      const point = (i: number) => ({ at: Date.UTC(2026, 1, 1 + i), rating: 1500 + i * 9, deviation: 300 - i * 9 });
      collectLabels(
        (l) => labels.push(l),
        () => {
          void renderRatingChart(
            "alice · Oware Abapa · season 1",
            Array.from({ length: 40 }, (_, i) => point(i)),
            t,
          );
          void renderLadderImage("Oware Abapa", [], 0, t);
          void renderLadderImage("Oware Abapa", [{ name: "dave", detail: "1612" }], 3, t);
        },
      );
      expectLegibleInside(labels, 800);
      const texts = labels.map((l) => l.text);
      expect(texts).toEqual(
        expect.arrayContaining([
          t("board:chart.rating"),
          t("board:chart.band"),
          t("board:chart.start", { start: 1500 }),
          t("board:chart.ladderEmpty"),
          t("board:chart.ladderMore", { more: 3 }),
        ]),
      );
      const axis = texts.find((text) => text.includes("1851"));
      expect(axis).toContain(locale === "da" ? "40 partier, 1. feb – 12. mar" : "40 parties, 1 févr. – 12 mars");
    }
  });

  it("RenderPool - draws and describes in the task's language - French board, Danish chart", async () => {
    const pool = new RenderPool({ threads: 1 });
    try {
      const view = { ...SCENARIOS.capture(), gameId: "ab12cd34" };
      expect(await pool.boardAlt(view, "people", "fr")).toBe(describeBoard(view, translator("fr")));
      expect(await pool.boardAlt(view, "people", "fr")).toContain("À Kwame de jouer.");
      const english = await pool.board(view, "people", "en");
      const french = await pool.board(view, "people", "fr");
      expect(french.equals(english)).toBe(false);
      const evaluations = [0, 1, -2, 3];
      const marks = [{ ply: 2, mark: "blunder" as const }];
      expect(
        (await pool.advantageChart("Game", evaluations, marks, "da")).equals(
          await renderAdvantageChart("Game", evaluations, marks, translator("da")),
        ),
      ).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
