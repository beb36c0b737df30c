import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GlobalFonts } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { FONT_FAMILY } from "../../src/render/fonts.ts";
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
