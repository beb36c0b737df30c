/**
 * Golden image comparison with pixelmatch. A missing golden fails, unless UPDATE_GOLDEN=1, which
 * writes missing goldens and rewrites those that differ. On a mismatch the actual image and the
 * diff go to test-output/render/ for inspection.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

const GOLDEN_DIR = fileURLToPath(new URL("./golden/", import.meta.url));
const OUTPUT_DIR = fileURLToPath(new URL("../../test-output/render/", import.meta.url));

export interface PixelDiff {
  differing: number;
  total: number;
}

/** Pixels differing beyond pixelmatch's colour threshold (0..1, 0.1 by default). */
export function diffPixels(a: PNG, b: PNG, threshold = 0.1, diffOut?: PNG): PixelDiff {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`sizes differ: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  }
  const differing = pixelmatch(a.data, b.data, diffOut?.data ?? null, a.width, a.height, { threshold });
  return { differing, total: a.width * a.height };
}

/** Compares `png` to golden/<name>.png; returns the differing pixel count (the caller asserts on it). */
export function compareGolden(name: string, png: Buffer): PixelDiff & { written: boolean } {
  const path = `${GOLDEN_DIR}${name}.png`;
  const update = process.env.UPDATE_GOLDEN === "1";
  const actual = PNG.sync.read(png);
  if (!existsSync(path)) {
    if (!update) throw new Error(`missing golden ${path} (run with UPDATE_GOLDEN=1 to write it)`);
    writeFileSync(path, png);
    return { differing: 0, total: actual.width * actual.height, written: true };
  }
  const expected = PNG.sync.read(readFileSync(path));
  const diff = new PNG({ width: actual.width, height: actual.height });
  const result = diffPixels(actual, expected, 0.1, diff);
  if (result.differing > 0) {
    if (update) {
      writeFileSync(path, png);
      return { ...result, written: true };
    }
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(`${OUTPUT_DIR}${name}.actual.png`, png);
    writeFileSync(`${OUTPUT_DIR}${name}.diff.png`, PNG.sync.write(diff));
  }
  return { ...result, written: false };
}
