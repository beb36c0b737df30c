/**
 * Alt text for the images (Discord's attachment `description`, read by screen readers): the board pit
 * by pit with the stores, whose turn it is or the result, and what the last move did; the rating
 * chart's trend; the ladder's rungs. Discord takes at most 1024 characters.
 */
import { type Player, pitLetter } from "../engine/index.ts";
import type { RatingPoint, Rung } from "./chart.ts";
import { traceOf } from "./trace.ts";
import { type BoardView, playerName } from "./view.ts";
import { bannerWith, moveSummary, rulesetName } from "./words.ts";

/** Discord's limit on an attachment's description. */
export const ALT_TEXT_LIMIT = 1024;

function clipAlt(text: string): string {
  return text.length <= ALT_TEXT_LIMIT ? text : `${text.slice(0, ALT_TEXT_LIMIT - 1)}…`;
}

function side(view: BoardView, player: Player): string {
  const pits = Array.from({ length: 6 }, (_, i) => player * 6 + i);
  const houses = pits.map((pit) => `${pitLetter(pit)} ${view.position.pits[pit]}`).join(", ");
  const store = view.position.stores[player];
  const kay = view.ruleset === "haiti" ? ` (${Math.floor(store / 4)} kay)` : "";
  return `${player === 0 ? "South" : "North"}, ${playerName(view, player)}: houses ${houses}; store ${store}${kay}.`;
}

export function describeBoard(view: BoardView): string {
  const names: [string, string] = [playerName(view, 0), playerName(view, 1)];
  const id = view.gameId ? `, game ${view.gameId}` : "";
  const parts = [`${rulesetName(view)} board${id}.`];
  if (view.lastMove) {
    const summary = moveSummary(view, traceOf(view.lastMove.events), (p) => names[p]);
    parts.push(`Last move: ${summary.replace(/ · /g, ", ")}.`);
  }
  const banner = bannerWith(view, names);
  if (banner) parts.push(`${banner.title}: ${banner.detail}.`);
  else parts.push(`${names[view.position.toMove]} to move.`);
  parts.push(side(view, 0), side(view, 1));
  if (view.footer) parts.push(`${view.footer}.`);
  return clipAlt(parts.join(" "));
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
