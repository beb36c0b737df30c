/**
 * The search the AI tests prove results with: the expert's search without a time limit's choices (no
 * reductions, no aspiration), the previous release's evaluation, a 2^16-slot table; `extra` overrides.
 */
import { tunedWeights } from "../../src/ai/evaluate.ts";
import { MAX_PLY, type SearchConfig } from "../../src/ai/search.ts";
import type { RulesetId } from "../../src/engine/types.ts";

export function provingConfig(ruleset: RulesetId, extra: Partial<SearchConfig> = {}): SearchConfig {
  return {
    maxDepth: MAX_PLY,
    tableBits: 16,
    pvs: true,
    ordering: true,
    evaluation: "tuned",
    weights: tunedWeights(ruleset),
    rootScores: false,
    ...extra,
  };
}
