/** The texts of the image: move summaries, the result banner (phrased by phrases.ts, like the bot's messages). */
import type { Player } from "../engine/index.ts";
import { pitLetter } from "../engine/index.ts";
import type { Translate } from "../i18n/index.ts";
import { RULESET_NAME } from "../i18n/terms.ts";
import { fitWidth, textWidth } from "./fonts.ts";
import { ENGLISH } from "./language.ts";
import { LABEL_MIN } from "./layout.ts";
import { resultPhrase } from "./phrases.ts";
import type { MoveTrace } from "./trace.ts";
import { type BoardView, playerName } from "./view.ts";

export interface Banner {
  title: string;
  detail: string;
}

/** One line about the last move for the still image, e.g. "Ada played C · took 5". */
export function moveSummary(
  view: BoardView,
  trace: MoveTrace,
  t: Translate = ENGLISH,
  name: (player: Player) => string = (player) => shortName(view, player, t),
): string {
  const move = view.lastMove;
  if (!move) return "";
  const letter = trace.origin !== null ? pitLetter(trace.origin) : pitLetter(move.player * 6 + move.house - 1);
  const parts = [t("board:summary.played", { name: name(move.player), pit: letter })];
  if (trace.single !== null) parts.push(t("board:summary.lone", { pit: pitLetter(trace.single) }));
  if (trace.relays > 0) parts.push(t("board:summary.relays", { count: trace.relays }));
  if (trace.transfer !== null) parts.push(t("board:summary.transfer", { pit: pitLetter(trace.transfer) }));
  if (trace.slam === "no-capture") parts.push(t("board:summary.slamNothing"));
  else if (trace.slam) parts.push(t("board:summary.slam"));
  if (trace.captured > 0)
    parts.push(t(trace.kay ? "board:summary.kayTook" : "board:summary.took", { seeds: trace.captured }));
  if (trace.extraMove) parts.push(t("board:summary.again"));
  return parts.join(" · ");
}

/** The result banner of a finished game (and what it meant for a series, when it did), or null while it goes on. */
export function bannerFor(view: BoardView, t: Translate = ENGLISH): Banner | null {
  const outcome = view.outcome;
  if (!outcome.over) return null;
  return bannerWith(view, [shortName(view, 0, t), shortName(view, 1, t)], t);
}

/** The banner with the names written as given. */
export function bannerWith(view: BoardView, names: readonly [string, string], t: Translate = ENGLISH): Banner | null {
  const outcome = view.outcome;
  if (!outcome.over) return null;
  const phrase = resultPhrase(
    {
      ruleset: view.ruleset,
      stores: view.position.stores,
      winner: outcome.winner,
      reason: outcome.reason,
      names,
      idle: view.position.toMove,
    },
    t,
  );
  return { title: phrase.title, detail: view.bannerNote ? `${phrase.detail} · ${view.bannerNote}` : phrase.detail };
}

/** A name for running text (captions, the banner): a long name is shortened to a width, so the sentence still fits. */
export function shortName(view: BoardView, player: Player, t: Translate = ENGLISH, maxWidth = 230): string {
  return fitWidth(playerName(view, player, t), maxWidth, (s) => textWidth(s, 700, LABEL_MIN));
}

export function rulesetName(view: BoardView, t: Translate = ENGLISH): string {
  return t(RULESET_NAME[view.ruleset]);
}

/** How wide the header's top-right corner may be (logical pixels). */
export const CORNER_WIDTH = 420;

/**
 * The header's top-right corner, "Barbados Warri (Speightstown) · game 4pbaq6xk". The game id is what players
 * type (`/nickar game id:`), so when the corner is too wide the ruleset's name is shortened, never the id.
 */
export function cornerText(
  view: BoardView,
  t: Translate = ENGLISH,
  maxWidth = CORNER_WIDTH,
  width: (s: string) => number = (s) => textWidth(s, 400, LABEL_MIN),
): string {
  const ruleset = rulesetName(view, t);
  if (!view.gameId) return fitWidth(ruleset, maxWidth, width);
  const id = view.gameId;
  const room = maxWidth - width(t("board:header.corner", { ruleset: "", id }));
  return t("board:header.corner", { ruleset: fitWidth(ruleset, Math.max(room, 0), width), id });
}
