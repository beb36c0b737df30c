/**
 * One line saying what a move did, built from the engine's move events, in the words of the board
 * image ("played", "took"): "alice played C: took 5 from d and c", "Kay! bob played b: took 4 from E",
 * "alice played F. Grand slam: nothing taken under Abapa rules". The result is not repeated here: the
 * result line says it once (`resultText`, phrased like the image's banner by render/phrases.ts).
 */
import { type MoveEvent, moveLetter, type Player, pitLetter, type RulesetId } from "../engine/index.ts";
import { formatTimeLimit } from "../games/time.ts";
import { type ResultInput, resultLine } from "../render/phrases.ts";

const RULESET_SHORT: Record<RulesetId, string> = {
  abapa: "Abapa rules",
  wari: "Wari rules",
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
}

export function narrateMove(input: NarrateInput): string {
  const names = input.names ?? SIDE_NAMES;
  const who = names[input.player];
  let kay = false;
  let line = `${who} played ${moveLetter(input.player, input.house)}`;
  const relays: number[] = [];
  const sentences: string[] = [];
  let slamTaken = false;
  for (const event of input.events) {
    switch (event.type) {
      case "single":
        line = `${who} moved the lone seed from ${pitLetter(event.from)} to ${pitLetter(event.to)}`;
        break;
      case "pickup":
        if (event.relay) relays.push(event.pit);
        break;
      case "transfer":
        line += `${flushRelays(relays)}, the last seed moved on to ${pitLetter(event.to)}`;
        break;
      case "capture":
        if (slamTaken) break; // already told by the grand slam sentence
        if (event.kay) kay = true;
        line += `${flushRelays(relays)}: took ${event.total} from ${listLetters(event.pits)}`;
        break;
      case "grand-slam":
        line += flushRelays(relays);
        if (event.treatment === "no-capture") {
          sentences.push(`Grand slam: nothing taken under ${RULESET_SHORT[input.ruleset]}`);
        } else {
          slamTaken = true;
          const forced = event.treatment === "forced" ? " (forced)" : "";
          sentences.push(
            `Grand slam${forced}! ${names[event.player]} took the whole row, ${plural(event.seeds, "seed")}`,
          );
        }
        break;
      case "extra-move":
        sentences.push(`${names[event.player]} moves again`);
        break;
      case "award":
        sentences.push(awardText(event, names));
        break;
      case "game-over": // said once, by the result line
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
  const text = `, relaying from ${listLetters(relays)}`;
  relays.length = 0;
  return text;
}

function awardText(event: Extract<MoveEvent, { type: "award" }>, names: readonly [string, string]): string {
  const who = names[event.player];
  switch (event.kind) {
    case "own-side":
      return `${who} took the ${plural(event.seeds, "seed")} left on their side`;
    case "starvation":
      return `${who} took the ${plural(event.seeds, "seed")} left on the board`;
    case "division":
      return `${who} got ${event.seeds} of the seeds left on the board`;
  }
}

/** What decided a game, as a short phrase for listings: "25 seeds", "resignation", "time"... */
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
  abort: "aborted before both had moved",
  "no-first-move": "no first move in time",
  cancel: "cancelled by an admin",
};

/** "25 seeds", "resignation", "time"... for an engine or bot reason. */
export function reasonText(reason: string | null): string {
  return reason === null ? "" : (REASON_TEXT[reason] ?? reason.replace(/-/g, " "));
}

/**
 * The result of an ended game, whoever ended it, as the banner says it: "bob wins 25–21: reached 25
 * seeds", "Game aborted: alice made no first move in time: no result, ratings unchanged".
 * `idle`: for a game aborted for no first move, who did not move (the player to move).
 */
export function resultText(
  result: {
    status: string;
    winner: Player | null;
    reason: string | null;
    note?: string | null;
    ruleset?: string;
    /** Seconds per move, said when nobody made a first move in time. */
    timeLimit?: number;
  },
  names: readonly [string, string],
  stores: readonly [number, number] = [0, 0],
  idle: Player | null = null,
): string {
  if (result.status === "active") return "";
  const reason = result.status === "cancelled" ? "cancel" : (result.reason ?? result.status);
  const input: ResultInput = {
    ruleset: result.ruleset ?? "",
    stores,
    winner: result.winner === 0 || result.winner === 1 ? result.winner : null,
    reason: result.status === "aborted" && reason !== "no-first-move" ? "abort" : reason,
    names,
    idle,
    note: result.note,
    timeLimit: result.timeLimit === undefined ? undefined : formatTimeLimit(result.timeLimit),
  };
  return resultLine(input);
}
