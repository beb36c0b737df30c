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
  it("measuredWidth - gives measureText's width - kept answers asked again in another order", () => {
    registerFonts();
    const ctx = createCanvas(8, 8).getContext("2d");
    const fonts = [font(700, 20), font(400, 20), font(700, 26)];
    const texts = ["Kwame", "Ada", "12", "Kwame…", "Ade ʻOlúwa 🇯🇲"];
    const asked = fonts.flatMap((f) => texts.map((text) => [f, text] as const));
    // First every width is measured and kept, then each is asked again, in reverse order, so that a
    // key missing the font would hand back another font's width.
    for (const [f, text] of asked) {
      ctx.font = f;
      measuredWidth(ctx, text);
    }
    for (const [f, text] of asked.reverse()) {
      ctx.font = f;
      expect(measuredWidth(ctx, text)).toBe(ctx.measureText(text).width);
    }
  });
});
