/** The texts of the image: move summaries, the result banner (phrased by phrases.ts, like the bot's messages). */
import type { Player } from "../engine/index.ts";
import { pitLetter, RULESETS } from "../engine/index.ts";
import { fitWidth, textWidth } from "./fonts.ts";
import { LABEL_MIN } from "./layout.ts";
import { resultPhrase } from "./phrases.ts";
import type { MoveTrace } from "./trace.ts";
import { type BoardView, playerName } from "./view.ts";

export interface Banner {
  title: string;
  detail: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** One line about the last move for the still image, e.g. "Ada played C · took 5". */
export function moveSummary(
  view: BoardView,
  trace: MoveTrace,
  name: (player: Player) => string = (player) => shortName(view, player),
): string {
  const move = view.lastMove;
  if (!move) return "";
  const letter = trace.origin !== null ? pitLetter(trace.origin) : pitLetter(move.player * 6 + move.house - 1);
  const parts = [`${name(move.player)} played ${letter}`];
  if (trace.single !== null) parts.push(`lone seed to ${pitLetter(trace.single)}`);
  if (trace.relays > 0) parts.push(`${plural(trace.relays, "relay")}`);
  if (trace.transfer !== null) parts.push(`last seed moved on to ${pitLetter(trace.transfer)}`);
  if (trace.slam === "no-capture") parts.push("grand slam: nothing taken");
  else if (trace.slam) parts.push("grand slam!");
  if (trace.captured > 0) parts.push(trace.kay ? `Kay! took ${trace.captured}` : `took ${trace.captured}`);
  if (trace.extraMove) parts.push("moves again");
  return parts.join(" · ");
}

/** The result banner of a finished game (and what it meant for a series, when it did), or null while it goes on. */
export function bannerFor(view: BoardView): Banner | null {
  const outcome = view.outcome;
  if (!outcome.over) return null;
  return bannerWith(view, [shortName(view, 0), shortName(view, 1)]);
}

/** The banner with the names written as given. */
export function bannerWith(view: BoardView, names: readonly [string, string]): Banner | null {
  const outcome = view.outcome;
  if (!outcome.over) return null;
  const phrase = resultPhrase({
    ruleset: view.ruleset,
    stores: view.position.stores,
    winner: outcome.winner,
    reason: outcome.reason,
    names,
    idle: view.position.toMove,
  });
  return { title: phrase.title, detail: view.bannerNote ? `${phrase.detail} · ${view.bannerNote}` : phrase.detail };
}

/** A name for running text (captions, the banner): a long name is shortened to a width, so the sentence still fits. */
export function shortName(view: BoardView, player: Player, maxWidth = 230): string {
  return fitWidth(playerName(view, player), maxWidth, (s) => textWidth(s, 700, LABEL_MIN));
}

export function rulesetName(view: BoardView): string {
  return RULESETS[view.ruleset].name;
}
