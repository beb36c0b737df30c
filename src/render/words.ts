/** The texts of the image: move summaries, animation captions, the result banner. */
import type { Player } from "../engine/index.ts";
import { opponent, pitLetter, RULESETS } from "../engine/index.ts";
import type { MoveTrace } from "./trace.ts";
import { type BoardView, shortName } from "./view.ts";

export interface Banner {
  title: string;
  detail: string;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** One line about the last move for the still image, e.g. "Ada played C · took 5". */
export function moveSummary(view: BoardView, trace: MoveTrace): string {
  const move = view.lastMove;
  if (!move) return "";
  const letter = trace.origin !== null ? pitLetter(trace.origin) : pitLetter(move.player * 6 + move.house - 1);
  const parts = [`${shortName(view, move.player)} played ${letter}`];
  if (trace.single !== null) parts.push(`lone seed to ${pitLetter(trace.single)}`);
  if (trace.relays > 0) parts.push(`${plural(trace.relays, "relay")}`);
  if (trace.transfer !== null) parts.push(`last seed moved on to ${pitLetter(trace.transfer)}`);
  if (trace.slam === "no-capture") parts.push("grand slam: nothing taken");
  else if (trace.slam) parts.push("grand slam!");
  if (trace.captured > 0) parts.push(trace.kay ? `Kay! took ${trace.captured}` : `took ${trace.captured}`);
  if (trace.extraMove) parts.push("moves again");
  return parts.join(" · ");
}

/** Two stores as a score: seeds, "20–28"; haiti scores in kay (fours), "5–7 kay". */
export function formatScore(ruleset: string, a: number, b: number): string {
  return ruleset === "haiti" ? `${Math.floor(a / 4)}–${Math.floor(b / 4)} kay` : `${a}–${b}`;
}

/** The score with `first`'s store first. */
export function scoreText(view: BoardView, first: Player): string {
  return formatScore(view.ruleset, view.position.stores[first], view.position.stores[opponent(first)]);
}

function reasonText(view: BoardView, reason: string, winner: Player | null): string {
  const loser = winner === null ? null : shortName(view, opponent(winner));
  switch (reason) {
    case "twenty-five":
      return winner === null ? "a store reached 25 seeds" : `${shortName(view, winner)} reached 25 seeds`;
    case "no-moves":
      return "no legal move left: each side took its own seeds";
    case "grand-slam":
      return "forced grand slam: the whole row was taken";
    case "starvation":
      return "starvation: the starved side claimed the board";
    case "cycle":
      return view.ruleset === "speightstown"
        ? "the position repeated three times: a draw"
        : "the position repeated three times";
    case "stuck":
      return "no legal move left";
    case "resign":
      return loser ? `${loser} resigned` : "a player resigned";
    case "timeout":
      return loser ? `${loser} ran out of time` : "a player ran out of time";
    case "agreement":
      return "agreed by both players";
    case "abort":
      return "the game was aborted";
    default:
      return reason.replace(/-/g, " ");
  }
}

/** The result banner of a finished game, or null while it goes on. */
export function bannerFor(view: BoardView): Banner | null {
  const outcome = view.outcome;
  if (!outcome.over) return null;
  const { winner, reason } = outcome;
  let title: string;
  if (winner !== null) title = `${shortName(view, winner)} wins ${scoreText(view, winner)}`;
  else if (reason === "abort") title = `Game aborted · ${scoreText(view, 0)}`;
  else title = `Draw ${scoreText(view, 0)}`;
  return { title, detail: reasonText(view, reason, winner) };
}

export function rulesetName(view: BoardView): string {
  return RULESETS[view.ruleset].name;
}
