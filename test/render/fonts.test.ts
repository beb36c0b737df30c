import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GlobalFonts } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { createCanvas } from "../../src/render/canvas.ts";
import { FONT_FAMILY, font, measuredWidth } from "../../src/render/fonts.ts";
import { registerFonts } from "../../src/render/index.ts";

const FONTS = fileURLToPath(new URL("../../assets/fonts/", import.meta.url));

describe("registerFonts", () => {
  it("registerFonts - registers the bundled family - from the repository's files", () => {
    registerFonts();
    expect(GlobalFonts.has(FONT_FAMILY)).toBe(true);
    const family = GlobalFonts.families.find((f) => f.family === FONT_FAMILY);
    expect(family?.styles.map((s) => s.weight).sort()).toEqual([400, 700]);
  });

  it("registerFonts - registers once - called again", () => {
    registerFonts();
    const count = GlobalFonts.families.find((f) => f.family === FONT_FAMILY)?.styles.length;
    registerFonts();
    registerFonts();
    expect(GlobalFonts.families.find((f) => f.family === FONT_FAMILY)?.styles.length).toBe(count);
  });

  it("registerFonts - the font ships with its licence - assets/fonts", () => {
    for (const file of ["Nunito_400Regular.ttf", "Nunito_700Bold.ttf"]) expect(existsSync(FONTS + file)).toBe(true);
    expect(readFileSync(`${FONTS}OFL.txt`, "utf8")).toContain("SIL OPEN FONT LICENSE Version 1.1");
  });
});

describe("measuredWidth", () => {
  it("measuredWidth - gives measureText's width - each font and text, asked in any order", () => {
    registerFonts();
    const ctx = createCanvas(8, 8).getContext("2d");
    const fonts = [font(700, 20), font(400, 20), font(700, 26)];
    const texts = ["Kwame", "Ada", "12", "Kwame…", "Ade ʻOlúwa 🇯🇲"];
    for (let round = 0; round < 2; round++)
      for (const f of fonts)
        for (const text of texts) {
          ctx.font = f;
          expect(measuredWidth(ctx, text)).toBe(ctx.measureText(text).width);
        }
  });
});
