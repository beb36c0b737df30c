/**
 * How a result is said, in one place for the image (banner, alt text) and the bot's messages, so that
 * they never disagree: the winner first with their score first ("bob wins 25–21"), then what decided
 * it in a person's words ("reached 25 seeds"). Pure: names come in as they should be written (display
 * names for the image, mentions for Discord text).
 */
import type { Player, RulesetId } from "../engine/index.ts";

export interface ResultInput {
  readonly ruleset: RulesetId | string;
  /** South's and North's stores at the end. */
  readonly stores: readonly [number, number];
  /** null for a draw or a game without a result. */
  readonly winner: Player | null;
  /** The engine's reason, or the bot's: resign, timeout, agreement, abort, no-first-move, cancel. */
  readonly reason: string;
  /** How South and North are written. */
  readonly names: readonly [string, string];
  /** For "no-first-move": who did not move (default: derived from nobody, then "a player"). */
  readonly idle?: Player | null;
  /** An admin's reason for a cancel. */
  readonly note?: string | null;
  /** For "no-first-move": the time per move, as written ("2m"), said in place of "in time". */
  readonly timeLimit?: string;
}

export interface ResultPhrase {
  /** "bob wins 25–21", "Draw 24–24", "Game aborted". */
  readonly title: string;
  /** "reached 25 seeds", "alice resigned", "no result: ratings unchanged". */
  readonly detail: string;
}

/** Two stores as a score, the first given first: seeds "20–28"; haiti counts kay (fours), "5–7 kay". */
export function formatScore(ruleset: string, a: number, b: number): string {
  return ruleset === "haiti" ? `${Math.floor(a / 4)}–${Math.floor(b / 4)} kay` : `${a}–${b}`;
}

/** Games that end with no result. */
const NO_RESULT = new Set(["abort", "no-first-move", "cancel"]);

export function isNoResult(reason: string): boolean {
  return NO_RESULT.has(reason);
}

function decidedBy(input: ResultInput): string {
  const { winner, reason, names } = input;
  const loser = winner === null ? null : names[1 - winner];
  switch (reason) {
    case "twenty-five":
      return winner === null ? "both players reached 24 seeds" : "reached 25 seeds";
    case "no-moves":
      return "no legal move was left: each player took the seeds on their side";
    case "grand-slam":
      return "a forced grand slam took the whole row";
    case "starvation":
      return "one player could not be given seeds: the other took the seeds left";
    case "cycle":
      return "the same position came up three times";
    case "stuck":
      return "no legal move was left";
    case "resign":
      return `${loser ?? "a player"} resigned`;
    case "timeout":
      return `${loser ?? "a player"} ran out of time`;
    case "agreement":
      return "both players agreed";
    case "abort":
      return "called off before both players had moved: no result, ratings unchanged";
    case "no-first-move": {
      const idle = input.idle === null || input.idle === undefined ? "a player" : names[input.idle];
      const within = input.timeLimit ? `within ${input.timeLimit}` : "in time";
      return `${idle} made no first move ${within}: no result, ratings unchanged`;
    }
    case "cancel":
      return `cancelled by an admin${input.note ? ` (${input.note})` : ""}: no result, ratings unchanged`;
    default:
      return reason.replace(/-/g, " ");
  }
}

/** The result of a finished game as a title and what decided it. */
export function resultPhrase(input: ResultInput): ResultPhrase {
  const { ruleset, stores, winner, reason, names } = input;
  const detail = decidedBy(input);
  if (reason === "cancel") return { title: "Game cancelled", detail };
  if (isNoResult(reason)) return { title: "Game aborted", detail };
  if (winner === null) return { title: `Draw ${formatScore(ruleset, stores[0], stores[1])}`, detail };
  return { title: `${names[winner]} wins ${formatScore(ruleset, stores[winner], stores[1 - winner])}`, detail };
}

/** The result as one line: "bob wins 25–21: reached 25 seeds". */
export function resultLine(input: ResultInput): string {
  const { title, detail } = resultPhrase(input);
  return `${title}: ${detail}`;
}
