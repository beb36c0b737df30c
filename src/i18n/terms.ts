/**
 * The catalogue keys of the engine's words (ruleset names, sides), each written in full so that the
 * unused-key test finds them.
 */
import type { Player, RulesetId } from "../engine/index.ts";
import type { MessageKey } from "./index.ts";

export const RULESET_NAME = {
  abapa: "common:ruleset.abapa",
  wari: "common:ruleset.wari",
  caribbean: "common:ruleset.caribbean",
  speightstown: "common:ruleset.speightstown",
  bridgetown: "common:ruleset.bridgetown",
  haiti: "common:ruleset.haiti",
} as const satisfies Record<RulesetId, MessageKey>;

export const SIDE_NAME = ["common:side.south", "common:side.north"] as const satisfies Record<Player, MessageKey>;

/** The key of "{{count}} seeds". */
export const SEEDS = "common:seeds" satisfies MessageKey;
