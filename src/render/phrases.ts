/**
 * How a result is said, in one place for the image (banner, alt text) and the bot's messages, so that
 * they never disagree: the winner first with their score first where the seeds decided it ("bob wins
 * 25–21"), else how it was won ("bob wins by resignation", "bob wins on time"), then what decided it in
 * a person's words ("reached 25 seeds", "alice resigned at 12–20"). A score of 0–0 is never said as a
 * result: it would read as a tie. Pure: names come in as they should be written (display names for the
 * image, mentions for Discord text).
 */
import type { Player, RulesetId } from "../engine/index.ts";
import type { Translate } from "../i18n/index.ts";
import { ENGLISH } from "./language.ts";

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
  /** "bob wins 25–21", "bob wins by resignation", "Draw 24–24", "Draw by agreement", "Game aborted". */
  readonly title: string;
  /** "reached 25 seeds", "alice resigned", "alice resigned at 12–20", "no result: ratings unchanged". */
  readonly detail: string;
}

/** Two stores as a score, the first given first: seeds "20–28"; haiti counts kay (fours), "5–7 kay". */
export function formatScore(ruleset: string, a: number, b: number, t: Translate = ENGLISH): string {
  return ruleset === "haiti"
    ? t("board:score.kay", { first: Math.floor(a / 4), second: Math.floor(b / 4) })
    : `${a}–${b}`;
}

/** Games that end with no result. */
const NO_RESULT = new Set(["abort", "no-first-move", "cancel"]);

export function isNoResult(reason: string): boolean {
  return NO_RESULT.has(reason);
}

/** Nothing captured yet (stores only grow by captures, kay too): a score that would say nothing but "0–0". */
function scoreless(stores: readonly [number, number]): boolean {
  return stores[0] === 0 && stores[1] === 0;
}

/** How a game won without the seeds deciding it is said: by whom and how, never "wins 0–0". */
const WON_BY = { resign: "board:result.winsByResignation", timeout: "board:result.winsOnTime" } as const;

function decidedBy(input: ResultInput, t: Translate): string {
  const { winner, reason, names, ruleset, stores } = input;
  const loser = winner === null ? t("board:result.aPlayer") : names[1 - winner];
  // The loser's side first: the score as it stood when they resigned or ran out of time.
  const at = winner === null || scoreless(stores) ? null : formatScore(ruleset, stores[1 - winner], stores[winner], t);
  switch (reason) {
    case "twenty-five":
      return t(winner === null ? "board:result.both24" : "board:result.reached25");
    case "no-moves":
      return t("board:result.noMoves");
    case "grand-slam":
      return t("board:result.grandSlam");
    case "starvation":
      return t("board:result.starvation");
    case "cycle":
      return t("board:result.cycle");
    case "stuck":
      return t("board:result.stuck");
    case "resign":
      return at === null
        ? t("board:result.resigned", { name: loser })
        : t("board:result.resignedAt", { name: loser, score: at });
    case "timeout":
      return at === null
        ? t("board:result.timeout", { name: loser })
        : t("board:result.timeoutAt", { name: loser, score: at });
    case "agreement":
      return t(scoreless(stores) ? "board:result.agreedEarly" : "board:result.agreement");
    case "abort":
      return t("board:result.abort");
    case "no-first-move": {
      const idle = input.idle === null || input.idle === undefined ? t("board:result.aPlayer") : names[input.idle];
      return input.timeLimit
        ? t("board:result.noFirstMoveWithin", { name: idle, limit: input.timeLimit })
        : t("board:result.noFirstMove", { name: idle });
    }
    case "cancel":
      return input.note ? t("board:result.cancelNote", { note: input.note }) : t("board:result.cancel");
    default:
      // A reason this version does not know (a newer bot's, in the database): its code, readable.
      return reason.replace(/-/g, " ");
  }
}

/** The result of a finished game as a title and what decided it. */
export function resultPhrase(input: ResultInput, t: Translate = ENGLISH): ResultPhrase {
  const { ruleset, stores, winner, reason, names } = input;
  const detail = decidedBy(input, t);
  if (reason === "cancel") return { title: t("board:result.cancelled"), detail };
  if (isNoResult(reason)) return { title: t("board:result.aborted"), detail };
  if (winner === null && reason === "agreement" && scoreless(stores))
    return { title: t("board:result.drawAgreed"), detail };
  if (winner === null)
    return { title: t("board:result.draw", { score: formatScore(ruleset, stores[0], stores[1], t) }), detail };
  if (reason === "resign" || reason === "timeout") return { title: t(WON_BY[reason], { name: names[winner] }), detail };
  const score = formatScore(ruleset, stores[winner], stores[1 - winner], t);
  return { title: t("board:result.wins", { name: names[winner], score }), detail };
}

/** The result as one line: "bob wins 25–21: reached 25 seeds", "bob wins by resignation: alice resigned". */
export function resultLine(input: ResultInput, t: Translate = ENGLISH): string {
  const { title, detail } = resultPhrase(input, t);
  return t("board:result.line", { title, detail });
}
