/**
 * Discord refuses message content over 2000 characters (50035), so every listing is built within a
 * character budget: as many lines as fit, then "…and N more". Lengths are UTF-16 code units, never
 * fewer than the characters Discord counts.
 */

import type { Translate } from "../i18n/index.ts";

/** Discord's limit on a message's content. */
export const MESSAGE_LIMIT = 2000;

/** One part of a listing: its head lines (always shown), and its items with the line that replaces those left off. */
export type Section = { readonly head?: readonly string[] } & (
  | { readonly items?: undefined; readonly total?: undefined; readonly more?: undefined }
  | {
      readonly items: readonly string[];
      /** How many items there are in all, when only the first of them were read (default: `items.length`). */
      readonly total?: number;
      /** The line after the shown items when `left` of them did not fit, in the reader's language (`moreLine(t)`). */
      readonly more: (left: number) => string;
    }
);

/** "…and 3 more." in `t`'s language: the usual `more` of a section. */
export function moreLine(t: Translate): (left: number) => string {
  return (left) => t("game:list.more", { count: left });
}

function render(sections: readonly Section[], shown: readonly number[]): string[] {
  return sections.flatMap((section, i) => {
    const items = section.items ?? [];
    const left = Math.max(items.length, section.total ?? 0) - shown[i];
    const more = left > 0 && section.more ? [section.more(left)] : [];
    return [...(section.head ?? []), ...items.slice(0, shown[i]), ...more];
  });
}

const size = (lines: readonly string[]) => lines.join("\n").length;

/**
 * Shows as many items of every section as fit in `limit` characters, taking them in turn (one of each
 * section, then the next of each), so a long section cannot crowd out the others. Returns the lines
 * and how many items of each section are shown (heads are never shortened here: see `fitContent`).
 */
export function fitSections(
  sections: readonly Section[],
  limit = MESSAGE_LIMIT,
): { readonly lines: string[]; readonly shown: number[] } {
  const shown = sections.map(() => 0);
  const open = sections.map((s) => (s.items ?? []).length > 0);
  while (open.some(Boolean)) {
    for (const [i, section] of sections.entries()) {
      if (!open[i]) continue;
      shown[i]++;
      if (size(render(sections, shown)) > limit) {
        shown[i]--;
        open[i] = false;
      } else if (shown[i] === (section.items ?? []).length) {
        open[i] = false;
      }
    }
  }
  return { lines: render(sections, shown), shown };
}

/** The lines of one listing within `limit` characters, ending with `more(left)` when some were left off. */
export function fitLines(
  items: readonly string[],
  more: (left: number) => string,
  limit = MESSAGE_LIMIT,
): { readonly lines: string[]; readonly shown: number } {
  const { lines, shown } = fitSections([{ items, more }], limit);
  return { lines, shown: shown[0] };
}

/** The last resort for text that cannot be shortened sensibly: cut it to `limit` characters, ending in "…". */
export function clip(text: string, limit = MESSAGE_LIMIT): string {
  if (text.length <= limit) return text;
  // Do not leave half of a surrogate pair at the cut.
  let end = limit - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** `fitSections` joined into message content, clipped if even the heads do not fit. */
export function fitContent(sections: readonly Section[], limit = MESSAGE_LIMIT): string {
  return clip(fitSections(sections, limit).lines.join("\n"), limit);
}
