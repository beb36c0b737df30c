/**
 * One line saying what a move did, built from the engine's move events:
 * "South sows C: captures 5 from d and c", "Kay! North sows b: captures 4 from E",
 * "South sows F. Grand slam: no capture under Abapa". Also the line that states a result.
 */
import { type MoveEvent, moveLetter, type Player, pitLetter, type RulesetId } from "../engine/index.ts";
import { formatScore } from "../render/words.ts";

const RULESET_SHORT: Record<RulesetId, string> = {
  abapa: "Abapa",
  wari: "Wari",
  caribbean: "Caribbean rules",
  speightstown: "Speightstown rules",
  bridgetown: "Bridgetown rules",
  haiti: "Haitian rules",
};

export const SIDE_NAMES: readonly [string, string] = ["South", "North"];

/** "d", "d and c", "d, c and b". */
export function listLetters(pits: readonly number[]): string {
  const letters = pits.map(pitLetter);
  if (letters.length <= 1) return letters.join("");
  return `${letters.slice(0, -1).join(", ")} and ${letters[letters.length - 1]}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export interface NarrateInput {
  readonly ruleset: RulesetId;
  readonly player: Player;
  readonly house: number;
  readonly events: readonly MoveEvent[];
  /** Names for South and North; defaults to the side names. */
  readonly names?: readonly [string, string];
  /** Stores after the move, to state the final score (in kay for haiti). */
  readonly stores?: readonly [number, number];
}

export function narrateMove(input: NarrateInput): string {
  const names = input.names ?? SIDE_NAMES;
  const who = names[input.player];
  let kay = false;
  let line = `${who} sows ${moveLetter(input.player, input.house)}`;
  const relays: number[] = [];
  const sentences: string[] = [];
  let slamTaken = false;
  for (const event of input.events) {
    switch (event.type) {
      case "single":
        line = `${who} moves the lone seed from ${pitLetter(event.from)} to ${pitLetter(event.to)}`;
        break;
      case "pickup":
        if (event.relay) relays.push(event.pit);
        break;
      case "transfer":
        line += `${flushRelays(relays)}, the last seed moves on to ${pitLetter(event.to)}`;
        break;
      case "capture":
        if (slamTaken) break; // already told by the grand slam sentence
        if (event.kay) kay = true;
        line += `${flushRelays(relays)}: captures ${event.total} from ${listLetters(event.pits)}`;
        break;
      case "grand-slam":
        line += flushRelays(relays);
        if (event.treatment === "no-capture") {
          sentences.push(`Grand slam: no capture under ${RULESET_SHORT[input.ruleset]}`);
        } else {
          slamTaken = true;
          const forced = event.treatment === "forced" ? " (forced)" : "";
          sentences.push(`Grand slam${forced}! ${names[event.player]} captures the whole row, ${event.seeds}`);
        }
        break;
      case "extra-move":
        sentences.push(`${names[event.player]} moves again`);
        break;
      case "award":
        sentences.push(awardText(event, names));
        break;
      case "game-over":
        sentences.push(gameOverText(event.winner, event.reason, names, input.ruleset, input.stores));
        break;
      case "sow":
        break;
    }
  }
  line += flushRelays(relays);
  return `${kay ? "Kay! " : ""}${[line, ...sentences].join(". ")}`;
}

/** Appends the relays seen so far (Haitian sowing) and empties the list. */
function flushRelays(relays: number[]): string {
  if (relays.length === 0) return "";
  const text = `, relays from ${listLetters(relays)}`;
  relays.length = 0;
  return text;
}

function awardText(event: Extract<MoveEvent, { type: "award" }>, names: readonly [string, string]): string {
  const who = names[event.player];
  switch (event.kind) {
    case "own-side":
      return `${who} takes the ${plural(event.seeds, "seed")} left on their side`;
    case "starvation":
      return `${who} claims the ${plural(event.seeds, "seed")} left on the board`;
    case "division":
      return `${who} gets ${event.seeds} of the seeds left on the board`;
  }
}

const REASON_TEXT: Record<string, string> = {
  "twenty-five": "25 seeds",
  "no-moves": "no legal move left",
  "grand-slam": "a forced grand slam",
  starvation: "starvation",
  cycle: "a repeated position",
  stuck: "no legal move left",
  resign: "resignation",
  timeout: "time",
  agreement: "agreement",
};

/** "25 seeds", "resignation", "time"... for an engine or bot reason. */
export function reasonText(reason: string | null): string {
  return reason === null ? "" : (REASON_TEXT[reason] ?? reason);
}

function gameOverText(
  winner: Player | null,
  reason: string,
  names: readonly [string, string],
  ruleset: RulesetId,
  stores?: readonly [number, number],
): string {
  const score = stores ? ` ${formatScore(ruleset, stores[0], stores[1])}` : "";
  const by = reasonText(reason);
  return winner === null ? `Game over: draw${score} (${by})` : `Game over: ${names[winner]} wins${score} (${by})`;
}

/** The result of a finished game, whoever ended it. */
export function resultText(
  result: { status: string; winner: Player | null; reason: string | null; note?: string | null; ruleset?: string },
  names: readonly [string, string],
  stores?: readonly [number, number],
): string {
  if (result.status === "active") return "";
  if (result.status === "aborted") return "Game aborted: no result.";
  if (result.status === "cancelled") return `Game cancelled by an admin${result.note ? `: ${result.note}` : ""}.`;
  const winner = result.winner ?? null;
  const how = result.reason === "timeout" ? "on time" : `by ${reasonText(result.reason)}`;
  const score =
    stores && result.reason !== "timeout" && result.reason !== "resign"
      ? ` ${formatScore(result.ruleset ?? "", stores[0], stores[1])}`
      : "";
  if (winner === null) return `Draw${score} ${how}.`;
  return `${names[winner]} wins${score} ${how}.`;
}
