/**
 * One line saying what a move did, built from the engine's move events, in the words of the board
 * image ("played", "took"): "alice played C: took 5 from d and c", "Kay! bob played b: took 4 from E",
 * "alice played F. Grand slam: nothing taken under Abapa rules". The result is not repeated here: the
 * result line says it once (`resultText`, phrased like the image's banner by render/phrases.ts).
 */
import { type MoveEvent, moveLetter, type Player, pitLetter } from "../engine/index.ts";
import { listOf, type Translate } from "../i18n/index.ts";
import { SIDE_NAME } from "../i18n/terms.ts";
import { REASON_SHORT, RULESET_RULES } from "../i18n/terms-views.ts";
import { type ResultInput, resultLine } from "../render/phrases.ts";
import { timeLimitText } from "./time-limit.ts";

/** South's and North's names when the players' are not given: the sides, in `t`'s language. */
export function sideNames(t: Translate): readonly [string, string] {
  return [t(SIDE_NAME[0]), t(SIDE_NAME[1])];
}

/** "d", "d and c", "d, c and b". */
export function listLetters(pits: readonly number[], t: Translate): string {
  return listOf(t, pits.map(pitLetter));
}

export interface NarrateInput {
  readonly ruleset: keyof typeof RULESET_RULES;
  readonly player: Player;
  readonly house: number;
  readonly events: readonly MoveEvent[];
  /** Names for South and North; defaults to the side names. */
  readonly names?: readonly [string, string];
}

export function narrateMove(input: NarrateInput, t: Translate): string {
  const names = input.names ?? sideNames(t);
  const who = names[input.player];
  let kay = false;
  let line = t("game:narrate.played", { name: who, move: moveLetter(input.player, input.house) });
  const relays: number[] = [];
  const sentences: string[] = [];
  let slamTaken = false;
  for (const event of input.events) {
    switch (event.type) {
      case "single":
        line = t("game:narrate.lone", { name: who, from: pitLetter(event.from), to: pitLetter(event.to) });
        break;
      case "pickup":
        if (event.relay) relays.push(event.pit);
        break;
      case "transfer":
        line += `${flushRelays(relays, t)}${t("game:narrate.transfer", { pit: pitLetter(event.to) })}`;
        break;
      case "capture":
        if (slamTaken) break; // already told by the grand slam sentence
        if (event.kay) kay = true;
        line += `${flushRelays(relays, t)}${t("game:narrate.took", { seeds: event.total, pits: listLetters(event.pits, t) })}`;
        break;
      case "grand-slam":
        line += flushRelays(relays, t);
        if (event.treatment === "no-capture") {
          sentences.push(t("game:narrate.slamNothing", { rules: t(RULESET_RULES[input.ruleset]) }));
        } else {
          slamTaken = true;
          const values = { name: names[event.player], count: event.seeds };
          sentences.push(t(event.treatment === "forced" ? "game:narrate.slamForced" : "game:narrate.slam", values));
        }
        break;
      case "extra-move":
        sentences.push(t("game:narrate.again", { name: names[event.player] }));
        break;
      case "award":
        sentences.push(awardText(event, names, t));
        break;
      case "game-over": // said once, by the result line
      case "sow":
        break;
    }
  }
  line += flushRelays(relays, t);
  const told = [line, ...sentences].join(". ");
  return kay ? t("game:narrate.kay", { text: told }) : told;
}

/** Appends the relays seen so far (Haitian sowing) and empties the list. */
function flushRelays(relays: number[], t: Translate): string {
  if (relays.length === 0) return "";
  const text = t("game:narrate.relaying", { pits: listLetters(relays, t) });
  relays.length = 0;
  return text;
}

function awardText(
  event: Extract<MoveEvent, { type: "award" }>,
  names: readonly [string, string],
  t: Translate,
): string {
  const values = { name: names[event.player], count: event.seeds };
  switch (event.kind) {
    case "own-side":
      return t("game:narrate.ownSide", values);
    case "starvation":
      return t("game:narrate.starvation", values);
    case "division":
      return t("game:narrate.division", { name: names[event.player], seeds: event.seeds });
  }
}

/** "25 seeds", "resignation", "time"... for an engine or bot reason. */
export function reasonText(reason: string | null, t: Translate): string {
  if (reason === null) return "";
  const key = REASON_SHORT[reason as keyof typeof REASON_SHORT];
  return key ? t(key) : reason.replace(/-/g, " ");
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
  t: Translate,
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
    timeLimit: result.timeLimit === undefined ? undefined : timeLimitText(result.timeLimit, t),
  };
  return resultLine(input, t);
}
