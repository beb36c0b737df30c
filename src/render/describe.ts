/**
 * Alt text for the images (Discord's attachment `description`, read by screen readers): the board pit
 * by pit with the stores, whose turn it is or the result, and what the last move did; the rating
 * chart's trend; the ladder's rungs. Discord takes at most 1024 characters.
 */
import { type Player, pitLetter } from "../engine/index.ts";
import { ALT_TEXT_LIMIT, clipAlt } from "./describe-charts.ts";
import { traceOf } from "./trace.ts";
import { type BoardView, playerName } from "./view.ts";
import { bannerWith, moveSummary, rulesetName } from "./words.ts";

export { ALT_TEXT_LIMIT };

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
