/**
 * Alt text for the rating chart (its trend) and the ladder image (its rungs). Pure text, without the
 * canvas, so the commands can say it before anything is drawn.
 */
import type { RatingPoint, Rung } from "./chart.ts";

/** Discord's limit on an attachment's description. */
export const ALT_TEXT_LIMIT = 1024;

export function clipAlt(text: string): string {
  return text.length <= ALT_TEXT_LIMIT ? text : `${text.slice(0, ALT_TEXT_LIMIT - 1)}…`;
}

export function describeChart(title: string, points: readonly RatingPoint[]): string {
  if (points.length === 0) return clipAlt(`${title}: no rated games yet.`);
  const ratings = points.map((p) => Math.round(p.rating));
  const first = ratings[0];
  const last = ratings[ratings.length - 1];
  const trend = last > first ? "up" : last < first ? "down" : "level";
  const deviation = Math.round(points[points.length - 1].deviation);
  return clipAlt(
    `Rating chart, ${title}: ${points.length} game${points.length === 1 ? "" : "s"}, starting at 1500; ` +
      `${trend} from ${first} after the first game to ${last} now (highest ${Math.max(...ratings)}, lowest ${Math.min(...ratings)}); ` +
      `deviation now ${deviation}, the shaded band showing rating plus or minus the deviation.`,
  );
}

export function describeLadder(title: string, rungs: readonly Rung[], more: number): string {
  if (rungs.length === 0) return clipAlt(`${title}: nobody is on the ladder yet.`);
  const list = rungs.map((r, i) => `${i + 1}. ${r.name} (${r.detail}${r.moved ? `, ${r.moved}` : ""})`).join("; ");
  return clipAlt(`${title}, top rung first: ${list}${more > 0 ? `; and ${more} more` : ""}.`);
}
