/**
 * The puzzle of the day in a channel: the post with its Solve button and position, its counts edited
 * in, and the next day the solution played out while the old post loses its button.
 */
import { ButtonStyle } from "discord-api-types/v10";
import type { PuzzleRow } from "../../db/schema.ts";
import { type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME, SIDE_NAME } from "../../i18n/terms.ts";
import type { App } from "../../interactions/context.ts";
import type { Reply } from "../../interactions/reply.ts";
import { clip } from "../../interactions/text-budget.ts";
import { button, row, type Voice } from "../../interactions/views/parts.ts";
import type { DailyCounts } from "../daily-puzzles.ts";
import { linePoints } from "../puzzle-line.ts";
import { aboutText, lineLetters, sideOf } from "./puzzle.ts";

/** "3 of the 5 players who tried it solved it"; nobody yet, in words. */
function countsText(counts: DailyCounts, t: Translate): string {
  if (counts.tried === 0) return t("puzzle:daily.countsNone");
  return t("puzzle:daily.counts", { count: counts.tried, solved: counts.solved });
}

function dailyText(puzzle: PuzzleRow, date: string, counts: DailyCounts, t: Translate): string {
  const solver = sideOf(linePoints(puzzle));
  return [
    t("puzzle:daily.post", { date, ruleset: term(RULESET_NAME[puzzle.ruleset]), side: term(SIDE_NAME[solver]) }),
    countsText(counts, t),
  ].join("\n");
}

/** The daily post's text and Solve button (each player tries privately); its counts are edited in later. */
export function dailyCountsReply(puzzle: PuzzleRow, date: string, counts: DailyCounts, t: Translate): Reply {
  return {
    content: clip(dailyText(puzzle, date, counts, t)),
    mentions: [],
    components: [row(button({ type: "puzzle-daily", date }, t("puzzle:button.solve"), ButtonStyle.Primary))],
  };
}

/** The daily post: its text, the button, and the puzzle's position. */
export function dailyPostReply(app: App, puzzle: PuzzleRow, date: string, counts: DailyCounts, voice: Voice): Reply {
  const { t, locale } = voice;
  const shot = linePoints(puzzle)[0];
  const names: [string, string] = [t(SIDE_NAME[0]), t(SIDE_NAME[1])];
  return {
    ...dailyCountsReply(puzzle, date, counts, t),
    image: async () => ({
      name: `nickar-daily-${date}.png`,
      data: await app.images.positionPng(shot, names, locale),
      description: await app.images.positionAlt(shot, names, locale),
    }),
  };
}

/** The next day: the solution, played out, with the final counts; the old post loses its Solve button. */
export function dailySolutionReply(
  app: App,
  puzzle: PuzzleRow,
  date: string,
  counts: DailyCounts,
  voice: Voice,
): Reply {
  const { t, locale } = voice;
  const points = linePoints(puzzle);
  const line = lineLetters(points, puzzle);
  const names: [string, string] = [t(SIDE_NAME[0]), t(SIDE_NAME[1])];
  return {
    content: clip([t("puzzle:daily.solution", { date, line }), countsText(counts, t), aboutText(puzzle, t)].join("\n")),
    mentions: [],
    image: async () => ({
      name: `nickar-daily-${date}-solution.gif`,
      data: await app.images.lineGif(points, names, locale, "start"),
      description: t("puzzle:alt.solution", { line }),
    }),
  };
}

/** The old post once the solution is out: the final counts, no Solve button. */
export function dailyClosedReply(puzzle: PuzzleRow, date: string, counts: DailyCounts, t: Translate): Reply {
  const content = `${dailyText(puzzle, date, counts, t)}\n${t("puzzle:daily.closed")}`;
  return { content: clip(content), mentions: [], components: [] };
}
