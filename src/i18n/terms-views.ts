/**
 * The catalogue keys of the views' families of words (ruleset rules, reasons, marks), each written in
 * full so that the unused-key test finds them. The views' own namespaces: game, board, notices.
 */
import type { RulesetId } from "../engine/index.ts";
import type { MessageKey } from "./index.ts";

/** "under Abapa rules": a ruleset's rules as a short phrase. */
export const RULESET_RULES = {
  abapa: "game:rules.abapa",
  wari: "game:rules.wari",
  caribbean: "game:rules.caribbean",
  speightstown: "game:rules.speightstown",
  bridgetown: "game:rules.bridgetown",
  haiti: "game:rules.haiti",
} as const satisfies Record<RulesetId, MessageKey>;

/** The computer opponent's levels (src/db/schema.ts COMPUTER_LEVELS; this layer cannot import it). */
export const LEVEL_NAME = {
  easy: "game:level.easy",
  medium: "game:level.medium",
  hard: "game:level.hard",
  expert: "game:level.expert",
} as const satisfies Record<"easy" | "medium" | "hard" | "expert", MessageKey>;

/** What decided a game, as a short phrase for listings: "25 seeds", "resignation", "time"... */
export const REASON_SHORT = {
  "twenty-five": "game:reason.twentyFive",
  "no-moves": "game:reason.noMoves",
  "grand-slam": "game:reason.grandSlam",
  starvation: "game:reason.starvation",
  cycle: "game:reason.cycle",
  stuck: "game:reason.noMoves",
  resign: "game:reason.resign",
  timeout: "game:reason.timeout",
  agreement: "game:reason.agreement",
  abort: "game:reason.abort",
  "no-first-move": "game:reason.noFirstMove",
  cancel: "game:reason.cancel",
} as const satisfies Record<string, MessageKey>;
