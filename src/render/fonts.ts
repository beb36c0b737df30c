/**
 * The fonts. Nunito (bundled in assets/fonts) draws every Latin, Cyrillic and Vietnamese letter, and
 * is registered under an alias of our own so that a system font named Nunito (or none at all) never
 * changes the rendering. Names in other scripts and emoji, as Discord users write them, fall back
 * glyph by glyph through the families of `font()`: Twemoji (the emoji Discord draws, as a colour font),
 * then Noto Sans for Japanese and Chinese ideographs, Korean, Arabic, Hebrew, Devanagari and Thai.
 * The fallback fonts are read from their npm packages (node_modules), not copied into the repository.
 *
 * Only Nunito is registered at first; a fallback family is registered the first time a text to be
 * measured or drawn has a character Nunito lacks and that family is the first in the chain to have
 * (`fontsFor`, from the characters' maps in the font files: font-coverage.ts). Every character is
 * then drawn by the same font as with the whole chain registered, and a thread that only ever draws
 * Latin names never loads the others.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import { createCanvas, GlobalFonts, type SKRSContext2D } from "./canvas.ts";
import { type Coverage, fontCoverage } from "./font-coverage.ts";

/** The font family the renderer names first. */
export const FONT_FAMILY = "NickarNunito";

const NUNITO = ["Nunito_400Regular.ttf", "Nunito_700Bold.ttf"];

/** Fallback families in the order they are tried; each [alias, npm package, file pattern]. */
const FALLBACKS: readonly (readonly [string, string, (weight: 400 | 700) => string | null])[] = [
  ["NickarEmoji", "twemoji-colr-font", (w) => (w === 400 ? "twemoji.woff2" : null)],
  ...(
    [
      ["NickarJP", "noto-sans-jp", "NotoSansJP"],
      ["NickarKR", "noto-sans-kr", "NotoSansKR"],
      ["NickarArabic", "noto-sans-arabic", "NotoSansArabic"],
      ["NickarHebrew", "noto-sans-hebrew", "NotoSansHebrew"],
      ["NickarDevanagari", "noto-sans-devanagari", "NotoSansDevanagari"],
      ["NickarThai", "noto-sans-thai", "NotoSansThai"],
    ] as const
  ).map(
    ([alias, pkg, base]) =>
      [
        alias,
        `@expo-google-fonts/${pkg}`,
        (w: 400 | 700) => (w === 400 ? `400Regular/${base}_400Regular.ttf` : `700Bold/${base}_700Bold.ttf`),
      ] as const,
  ),
];

const FAMILIES = [FONT_FAMILY, ...FALLBACKS.map(([alias]) => alias)].join(", ");

let registered = false;

function register(path: string, alias: string): void {
  if (!GlobalFonts.registerFromPath(path, alias)) throw new Error(`could not load the font ${path}`);
}

const nunitoFiles = () => NUNITO.map((file) => fileURLToPath(new URL(`../../assets/fonts/${file}`, import.meta.url)));

/** Registers Nunito once; later calls do nothing. Throws when a file is missing. The fallbacks come with fontsFor. */
export function registerFonts(): void {
  if (registered) return;
  for (const path of nunitoFiles()) register(path, FONT_FAMILY);
  registered = true;
}

interface Fallback {
  readonly alias: string;
  readonly files: readonly string[];
  /** The characters of either weight, read when first needed. */
  coverage: Coverage | null;
  loaded: boolean;
}

let fallbacks: Fallback[] | null = null;

function fallbackList(): Fallback[] {
  if (fallbacks) return fallbacks;
  const require = createRequire(import.meta.url);
  fallbacks = FALLBACKS.map(([alias, pkg, file]) => {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    const files = ([400, 700] as const).flatMap((weight) => file(weight) ?? []).map((name) => join(root, name));
    return { alias, files, coverage: null, loaded: false };
  });
  return fallbacks;
}

function load(fallback: Fallback): void {
  if (fallback.loaded) return;
  registerFonts();
  for (const path of fallback.files) register(path, fallback.alias);
  fallback.loaded = true;
}

/** The characters both weights of Nunito have: every other one is looked up in the fallbacks. */
let nunito: Coverage[] | null = null;
/** Characters seen before, whose font (if any) is registered. */
const resolved = new Set<number>();

function resolve(codePoint: number): void {
  nunito ??= nunitoFiles().map(fontCoverage);
  if (!nunito.every((c) => c.has(codePoint))) {
    for (const fallback of fallbackList()) {
      // A loaded family that has it is the one the chain uses; one before it would have been loaded.
      fallback.coverage ??= fallback.files.map(fontCoverage).reduce((all, c) => all.union(c));
      if (fallback.coverage.has(codePoint)) {
        load(fallback);
        break;
      }
    }
  }
  resolved.add(codePoint);
}

/**
 * Registers the fallback families `text` needs, before it is measured or drawn: for each character
 * Nunito lacks, the first family of the chain that has it. Cheap for text seen before and for ASCII.
 */
export function fontsFor(text: string): void {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x7f) continue;
    for (const char of text.slice(i)) {
      const codePoint = char.codePointAt(0)!;
      if (!resolved.has(codePoint)) resolve(codePoint);
    }
    return;
  }
}

/** Registers Nunito and every fallback family now (the chain as a whole; tests compare with it). */
export function registerAllFonts(): void {
  registerFonts();
  for (const fallback of fallbackList()) load(fallback);
}

/** The fallback families registered so far, by alias. */
export function loadedFallbacks(): string[] {
  return (fallbacks ?? []).filter((f) => f.loaded).map((f) => f.alias);
}

/** A CSS font string with the whole fallback chain, e.g. font(700, 20). */
export function font(weight: 400 | 700, size: number): string {
  return `${weight} ${size}px ${FAMILIES}`;
}

/**
 * Widths measured so far, by font and text. Measuring through the fallback chain cost about 28 us a
 * call, a third of a millisecond a board; a width depends only on the font and the text (the
 * renderer sets no letter or word spacing, kerning or stretch, and the fonts are registered before
 * anything is measured).
 */
const widths = new LRUCache<string, number>({
  max: 4096,
  // Bounded by bytes too: a long name is a long key (two bytes a character, and the entry's own).
  maxSize: 1024 * 1024,
  sizeCalculation: (_, key) => key.length * 2 + 64,
});

/** The width of `text` in `ctx`'s current font, in the context's logical pixels. */
export function measuredWidth(ctx: SKRSContext2D, text: string): number {
  const key = `${ctx.font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    fontsFor(text);
    width = ctx.measureText(text).width;
    widths.set(key, width);
  }
  return width;
}

let measurer: SKRSContext2D | null = null;

/** The width of `text` in logical pixels at the given font (for fitting names outside a drawing). */
export function textWidth(text: string, weight: 400 | 700, size: number): number {
  registerFonts();
  measurer ??= createCanvas(8, 8).getContext("2d");
  measurer.font = font(weight, size);
  return measuredWidth(measurer, text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Shortens `value` with an ellipsis until `width(value)` fits `maxWidth`, cutting between graphemes
 * (a flag, a skin-toned or joined emoji, a letter with its accents stay whole).
 */
export function fitWidth(value: string, maxWidth: number, width: (s: string) => number): string {
  if (width(value) <= maxWidth) return value;
  const parts = [...graphemes.segment(value)].map((s) => s.segment);
  while (parts.length > 1 && width(`${parts.join("").trimEnd()}…`) > maxWidth) parts.pop();
  return `${parts.join("").trimEnd()}…`;
}
