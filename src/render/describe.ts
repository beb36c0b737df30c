/**
 * Alt text for the images (Discord's attachment `description`, read by screen readers): the board pit
 * by pit with the stores, whose turn it is or the result, and what the last move did; the rating
 * chart's trend; the ladder's rungs. Discord takes at most 1024 characters.
 */
import { type Player, pitLetter } from "../engine/index.ts";
import type { Translate } from "../i18n/index.ts";
import { SIDE_NAME } from "../i18n/terms.ts";
import { ALT_TEXT_LIMIT, clipAlt } from "./describe-charts.ts";
import { ENGLISH } from "./language.ts";
import { traceOf } from "./trace.ts";
import { type BoardView, playerName } from "./view.ts";
import { bannerWith, moveSummary, rulesetName } from "./words.ts";

export { ALT_TEXT_LIMIT };

function side(view: BoardView, player: Player, t: Translate): string {
  const pits = Array.from({ length: 6 }, (_, i) => player * 6 + i);
  const houses = pits.map((pit) => `${pitLetter(pit)} ${view.position.pits[pit]}`).join(", ");
  const store = view.position.stores[player];
  const values = { side: t(SIDE_NAME[player]), name: playerName(view, player, t), houses, store };
  return view.ruleset === "haiti"
    ? t("board:alt.sideKay", { ...values, kay: Math.floor(store / 4) })
    : t("board:alt.side", values);
}

export function describeBoard(view: BoardView, t: Translate = ENGLISH): string {
  const names: [string, string] = [playerName(view, 0, t), playerName(view, 1, t)];
  const ruleset = rulesetName(view, t);
  const parts = [
    view.gameId ? t("board:alt.boardGame", { ruleset, id: view.gameId }) : t("board:alt.board", { ruleset }),
  ];
  if (view.lastMove) {
    const summary = moveSummary(view, traceOf(view.lastMove.events), t, (p) => names[p]);
    parts.push(t("board:alt.lastMove", { summary: summary.replace(/ · /g, ", ") }));
  }
  const banner = bannerWith(view, names, t);
  if (banner) parts.push(t("board:alt.result", { title: banner.title, detail: banner.detail }));
  else parts.push(t("board:alt.toMove", { name: names[view.position.toMove] }));
  parts.push(side(view, 0, t), side(view, 1, t));
  if (view.footer) parts.push(`${view.footer}.`);
  return clipAlt(parts.join(" "));
}
