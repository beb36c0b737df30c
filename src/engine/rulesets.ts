import { deepFreeze } from "./freeze.ts";
import type { AwardKind, RulesetId, SlamTreatment } from "./types.ts";
import { RULESET_IDS } from "./types.ts";

/**
 * The registry of rulesets. The five Oware variants share one sowing and capture core
 * (oware.ts) and differ only by the data below; `haiti` has its own move (haiti.ts).
 */
export interface OwareRules {
  readonly family: "oware";
  /** How a grand slam is treated (docs/rules.md sections 3.1-3.5). */
  readonly slam: Exclude<SlamTreatment, "forced"> | "illegal-unless-forced";
  /** Who gets the seeds left on the board when the player to move has no legal move. */
  readonly noMoves: Extract<AwardKind, "own-side" | "starvation">;
  /** What happens to the seeds left on the board after a cycle. */
  readonly cycle: "own-side" | "nobody-draw" | "division";
  /** What happens to the seeds left on the board when a store reaches 25. */
  readonly twentyFive: "nobody" | "division";
  /** The reason given when the player to move has no legal move. */
  readonly noMovesReason: "no-moves" | "starvation";
}

/** Haiti's multi-lap Kay rules (haiti.ts) need no data. */
export interface HaitiRules {
  readonly family: "haiti";
}

/** A ruleset of the registry: its names and texts for people, its mechanics for the engine. */
export interface RulesetInfo {
  readonly id: RulesetId;
  /** The display name, e.g. "Oware Abapa". */
  readonly name: string;
  /** One sentence on what sets it apart. */
  readonly summary: string;
  /** The rule texts shown by /rules, in the order of docs/rules.md. */
  readonly rules: readonly string[];
  /** The choices docs/rules.md marks as [decision]. */
  readonly decisions: readonly string[];
  /** What the engine plays by. */
  readonly mechanics: OwareRules | HaitiRules;
}

const CYCLE_DECISION =
  "A cycle is a position (the 12 pits and the player to move) occurring for the third time; the game then ends by cycle.";
const END_ORDER =
  "After a move the end checks run in order: Wari forced slam, 25 seeds, cycle, no legal move; the first that applies gives the reason.";

const owareBasics = [
  "Sow all seeds of one of your houses counter-clockwise, one per pit, skipping the origin pit when you lap the board (12+ seeds).",
  "Capture: if the last seed lands in the opponent's row making 2 or 3, take it and every preceding pit in their row that also holds 2 or 3.",
  "Feeding: if the opponent's row is empty you must play a move that gives them seeds.",
  "A store of 25 or more ends the game at once.",
];

/** Every ruleset by id, deeply frozen. */
export const RULESETS: Readonly<Record<RulesetId, RulesetInfo>> = deepFreeze({
  abapa: {
    id: "abapa",
    name: "Oware Abapa",
    summary: "The common tournament Oware: a grand slam is legal but captures nothing.",
    rules: [
      ...owareBasics,
      "Grand slam (a capture of every seed in the opponent's row) is legal but captures nothing.",
      "No legal move: the game ends and each player takes the seeds on their own side.",
      "Cycle: each player takes the seeds on their own side. Higher store wins, 24-24 is a draw.",
    ],
    decisions: [CYCLE_DECISION, END_ORDER],
    mechanics: {
      family: "oware",
      slam: "no-capture",
      noMoves: "own-side",
      cycle: "own-side",
      twentyFive: "nobody",
      noMovesReason: "no-moves",
    },
  },
  wari: {
    id: "wari",
    name: "Wari",
    summary: "Oware with the strict grand slam rule: a grand slam is only allowed when no other move exists.",
    rules: [
      ...owareBasics,
      "A grand slam is illegal while you have any other legal move.",
      "When every legal move is a grand slam you must play one: it captures the whole row, the game ends and you also take the seeds on your side.",
      "No legal move or cycle: each player takes the seeds on their own side. Higher store wins, 24-24 is a draw.",
    ],
    decisions: [
      "A forced grand slam ends the game even when it reached 25 seeds; the reason is grand-slam and all 48 seeds are counted.",
      CYCLE_DECISION,
      END_ORDER,
    ],
    mechanics: {
      family: "oware",
      slam: "illegal-unless-forced",
      noMoves: "own-side",
      cycle: "own-side",
      twentyFive: "nobody",
      noMovesReason: "no-moves",
    },
  },
  caribbean: {
    id: "caribbean",
    name: "Caribbean Oware",
    summary: "A grand slam captures the whole row and the capturer moves again.",
    rules: [
      ...owareBasics,
      "A grand slam captures the whole row; unless it reached 25, the capturer moves again (and must feed).",
      "If no move can feed after the slam, the game ends and the capturer takes the seeds on their side.",
      "No legal move or cycle: each player takes the seeds on their own side. Higher store wins, 24-24 is a draw.",
    ],
    decisions: [
      "The extra move is an ordinary move in the record: the same player simply moves twice in a row.",
      CYCLE_DECISION,
      END_ORDER,
    ],
    mechanics: {
      family: "oware",
      slam: "capture-extra-move",
      noMoves: "own-side",
      cycle: "own-side",
      twentyFive: "nobody",
      noMovesReason: "no-moves",
    },
  },
  speightstown: {
    id: "speightstown",
    name: "Barbados Warri (Speightstown)",
    summary: "Grand slams capture; a starved player claims the board; only 25 seeds wins, a cycle is a draw.",
    rules: [
      ...owareBasics,
      "A grand slam captures the whole row and the turn passes.",
      "Starvation: when the player to move has no seeds, or cannot feed an empty opponent, the starved player claims every seed left on the board.",
      "25 seeds wins at once; seeds left on the board are not awarded.",
      "Cycle: the game is a draw whatever the score.",
      "The first player to win six games wins the series.",
    ],
    decisions: [CYCLE_DECISION, END_ORDER],
    mechanics: {
      family: "oware",
      slam: "capture",
      noMoves: "starvation",
      cycle: "nobody-draw",
      twentyFive: "nobody",
      noMovesReason: "starvation",
    },
  },
  bridgetown: {
    id: "bridgetown",
    name: "Barbados Warri (Bridgetown)",
    summary: "As Speightstown, but seeds left at 25 or at a cycle are divided equally.",
    rules: [
      ...owareBasics,
      "A grand slam captures the whole row and the turn passes.",
      "Starvation: the starved player claims every seed left on the board.",
      "When the game ends by 25 seeds or a cycle with seeds on the board, they are divided equally; an odd seed goes to the player whose side holds more.",
      "The stores after the division decide, a cycle included; equal is a draw.",
    ],
    decisions: [CYCLE_DECISION, END_ORDER],
    mechanics: {
      family: "oware",
      slam: "capture",
      noMoves: "starvation",
      cycle: "division",
      twentyFive: "division",
      noMovesReason: "starvation",
    },
  },
  haiti: {
    id: "haiti",
    name: "Haitian Warri (Kay)",
    summary: "Multi-lap relay sowing; capture a Kay of four seeds in the opponent's row.",
    rules: [
      "Legal move: a house with 2+ seeds, or a lone seed whose next pit is empty and the pit after that is not; the lone seed steps into the empty pit.",
      "Sow all seeds of the house one per pit, skipping the pits emptied during this move. Then, with the last pit:",
      "Kay: if it is in the opponent's row and now holds exactly 4, capture it and the unbroken run of opponent pits just before it that hold 4.",
      "Empty landing: if it was empty, the seed moves on to the next pit holding seeds and the move ends.",
      "Couvert followed by an empty pit: the move ends.",
      "Relay: otherwise take all its seeds and sow on (the pit counts as emptied).",
      "No feeding, no grand slam, no 25-seed rule. The game ends when the player to move has no legal move, or by cycle; more kay wins.",
    ],
    decisions: [
      "Skipping none is read as: no pit other than those emptied during the move is skipped (so with 12+ seeds the origin is skipped).",
      "The Kay check comes first.",
      "An empty landing moves the seed on to the next pit holding seeds and ends the move with no capture.",
      "When all 12 pits have been emptied during a move, the move ends and the last pit keeps its seeds.",
      CYCLE_DECISION,
    ],
    mechanics: { family: "haiti" },
  },
});

/** The ruleset's display name, or the id itself when it is not a known ruleset (an old row, a typo). */
export function rulesetName(id: string): string {
  return isRulesetId(id) ? RULESETS[id].name : id;
}

/** Whether `value` is one of RULESET_IDS. */
export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}
