/**
 * A tournament card's title and subtitle laid out before the card is drawn (its height depends on them).
 * The rule keeps the meaning (issue #33: "1 min…" cut a title mid-phrase): a title is broken between its
 * phrases (after ", ", ": ", " · "), a phrase between words only when it is wider than a line by itself;
 * it takes up to two lines at its size, then two or three at a smaller one; only then are whole phrases
 * left off the end, with "…". A word is never cut. Written by hand: the canvas has no text layout, and a
 * line breaker for a few dozen words is shorter than a dependency's adapter to our fonts.
 */
import { textWidth } from "../../render/fonts.ts";

/** The title's sizes, largest first, and the lines each may take. */
const TITLE_FITS = [
  { size: 26, lines: 2 },
  { size: 22, lines: 3 },
] as const;
export const SUBTITLE_SIZE = 20;
const SUBTITLE_LINES = 2;

export interface CardHeading {
  readonly titleSize: number;
  readonly title: readonly string[];
  readonly subtitle: readonly string[];
  /** The baselines of the title's lines, then of the subtitle's. */
  readonly titleY: readonly number[];
  readonly subtitleY: readonly number[];
  /** Where the content starts below them. */
  readonly contentTop: number;
}

/** The text's phrases, each keeping the separator that ends it ("Knockout k7: ", "Oware Abapa, "). */
export function phrases(text: string): string[] {
  return text.match(/.+?(?:[,:;·] +|$)/g)?.filter((p) => p.length > 0) ?? [];
}

/**
 * `text` in lines no wider than `room` (measured by `width`), broken between phrases, and between words
 * only inside a phrase wider than a line. A word wider than a line has a line of its own (the caller
 * checks the widths: it then tries a smaller size).
 */
export function breakLines(text: string, room: number, width: (s: string) => number): string[] {
  const pieces = phrases(text).flatMap((p) => (width(p.trimEnd()) <= room ? [p] : p.split(/(?<= )/)));
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces) {
    if (line && width((line + piece).trimEnd()) > room) {
      lines.push(line.trimEnd());
      line = "";
    }
    line += piece;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** At most `max` lines: whole phrases left off the end of the last, with "…", until it fits. */
function shortened(lines: readonly string[], max: number, room: number, width: (s: string) => number): string[] {
  if (lines.length <= max) return [...lines];
  const kept = lines.slice(0, max);
  const last = phrases(lines.slice(max - 1).join(" "));
  while (last.length > 1 && width(`${last.join("").trimEnd()}…`) > room) last.pop();
  kept[max - 1] = `${last
    .join("")
    .trimEnd()
    .replace(/[,:;·]$/, "")}…`;
  return kept;
}

/** The lines of a title and subtitle on a card `width` wide with `margin` each side. */
export function cardHeading(title: string, subtitle: string, width: number, margin: number): CardHeading {
  const room = width - 2 * margin;
  const fits = (lines: readonly string[], measure: (s: string) => number) => lines.every((l) => measure(l) <= room);
  let chosen: { size: number; lines: string[] } | null = null;
  for (const fit of TITLE_FITS) {
    const measure = (s: string) => textWidth(s, 700, fit.size);
    const lines = breakLines(title, room, measure);
    if (lines.length <= fit.lines && fits(lines, measure)) {
      chosen = { size: fit.size, lines };
      break;
    }
  }
  const last = TITLE_FITS[TITLE_FITS.length - 1];
  const lastMeasure = (s: string) => textWidth(s, 700, last.size);
  chosen ??= { size: last.size, lines: shortened(breakLines(title, room, lastMeasure), last.lines, room, lastMeasure) };
  const subMeasure = (s: string) => textWidth(s, 400, SUBTITLE_SIZE);
  const sub = subtitle.trim()
    ? shortened(breakLines(subtitle, room, subMeasure), SUBTITLE_LINES, room, subMeasure)
    : [];
  // One line each: the title's baseline at 42, the subtitle's at 74, the content from 96, as before.
  const titleY = chosen.lines.map((_, i) => 42 + i * (chosen.size + 8));
  const afterTitle = titleY[titleY.length - 1] ?? 42;
  const subtitleY = sub.map((_, i) => afterTitle + 32 + i * (SUBTITLE_SIZE + 6));
  const contentTop = (subtitleY[subtitleY.length - 1] ?? afterTitle + 32) + 22;
  return { titleSize: chosen.size, title: chosen.lines, subtitle: sub, titleY, subtitleY, contentTop };
}
