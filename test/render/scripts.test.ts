import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { describeBoard } from "../../src/render/describe.ts";
import { font, fontsFor, registerFonts } from "../../src/render/fonts.ts";
import { renderBoardPng } from "../../src/render/index.ts";
import { collectLabels, type DrawnLabel } from "../../src/render/labels.ts";
import { drawScene } from "../../src/render/scene.ts";
import { stillScene } from "../../src/render/still.ts";
import type { BoardView } from "../../src/render/view.ts";
import { SCENARIOS } from "./fixtures.ts";

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);

/**
 * The pixels of one grapheme drawn alone in the renderer's fonts: its fallback font is registered
 * only now, when it is first asked for (fonts.ts), as in the render threads.
 */
function pixels(grapheme: string, weight: 400 | 700): string {
  registerFonts();
  fontsFor(grapheme);
  const canvas = createCanvas(64, 48);
  const ctx = canvas.getContext("2d");
  ctx.font = font(weight, 28);
  ctx.fillStyle = "#fff";
  ctx.textBaseline = "middle";
  ctx.fillText(grapheme, 4, 24);
  return Buffer.from(ctx.getImageData(0, 0, 64, 48).data).toString("base64");
}

/** A grapheme no font has (private use): what a missing glyph ("tofu") looks like. */
const TOFU = "\u{F0000}";

/** The graphemes of `text` that draw as the missing-glyph box. */
function missing(text: string, weight: 400 | 700 = 700): string[] {
  const box = pixels(TOFU, weight);
  return graphemes(text).filter((g) => g.trim() !== "" && pixels(g, weight) === box);
}

const NAMES = [
  "山田太郎",
  "さくら🌸",
  "🇯🇵 たけし 👍🏽",
  "김민준",
  "محمد",
  "דוד",
  "अर्जुन",
  "สมชาย",
  "Ζωή",
  "Олег",
  "👨‍👩‍👧 family",
  "❤️🔥🎉",
];

describe("names in any script", () => {
  it("fonts - the missing-glyph check finds a glyph no font has - private use and cuneiform", () => {
    expect(missing(`a${TOFU}b`)).toEqual([TOFU]);
    expect(missing("𒀀")).toEqual(["𒀀"]);
  });

  for (const weight of [400, 700] as const) {
    it(`fonts - Japanese, Korean, Arabic, Hebrew, Devanagari, Thai, Greek, Cyrillic and emoji draw as themselves - weight ${weight}`, () => {
      for (const name of NAMES) expect(missing(name, weight), name).toEqual([]);
    });
  }

  it("board - Japanese and emoji names show no missing-glyph box in any label - finished game", async () => {
    const view: BoardView = { ...SCENARIOS.finished(), players: [{ name: "山田太郎 🎉" }, { name: "🇯🇵さくら👍🏽" }] };
    const labels: DrawnLabel[] = [];
    const ctx = createCanvas(800, 420).getContext("2d");
    collectLabels(
      (l) => labels.push(l),
      () => drawScene(ctx, 1, view, stillScene(view)),
    );
    const named = labels.filter((l) => l.text.includes("山") || l.text.includes("さ"));
    // Header, store and banner for the winner; header and store for the other.
    expect(named.length).toBeGreaterThanOrEqual(5);
    for (const label of named) expect(missing(label.text), label.text).toEqual([]);
    expect((await renderBoardPng(view)).length).toBeGreaterThan(1000);
    expect(describeBoard(view)).toContain("山田太郎 🎉 wins 27–2");
  });

  it("board - a long name is shortened by width, keeping whole emoji - header and banner", () => {
    const long = `${"👍🏽".repeat(30)}`;
    const view: BoardView = { ...SCENARIOS.finished(), players: [{ name: long }, { name: "W".repeat(60) }] };
    const labels: DrawnLabel[] = [];
    const ctx = createCanvas(800, 420).getContext("2d");
    collectLabels(
      (l) => labels.push(l),
      () => drawScene(ctx, 1, view, stillScene(view)),
    );
    const title = labels.find((l) => l.text.includes(" wins "));
    expect(title?.text).toMatch(/^(👍🏽)+… wins 27–2$/u);
    for (const label of labels) expect(label.x + label.w, label.text).toBeLessThanOrEqual(800);
    const header = labels.find((l) => l.text.startsWith("WWW"));
    expect(header?.text.endsWith("…")).toBe(true);
  });
});
