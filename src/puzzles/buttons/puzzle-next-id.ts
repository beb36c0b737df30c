/** Next puzzle, `pn:<ruleset>:<theme | ->`: a new try in the same ruleset (and theme), as a new private message. */
import type { RulesetId } from "../../engine/index.ts";
import { isRulesetId } from "../../engine/index.ts";
import type { ButtonCodec } from "../../interactions/buttons/kind.ts";
import { THEMES, type Theme } from "../core/index.ts";

export interface PuzzleNextButtonId {
  readonly type: "puzzle-next";
  readonly ruleset: RulesetId;
  readonly theme: Theme | null;
}

export const puzzleNextId: ButtonCodec<PuzzleNextButtonId> = {
  owns: (id): id is PuzzleNextButtonId => id.type === "puzzle-next",
  format: (id) => `pn:${id.ruleset}:${id.theme ?? "-"}`,
  parse: (fields) => {
    const [prefix, ruleset, theme] = fields;
    if (fields.length !== 3 || prefix !== "pn" || !isRulesetId(ruleset)) return null;
    if (theme !== "-" && !(THEMES as readonly string[]).includes(theme)) return null;
    return { type: "puzzle-next", ruleset, theme: theme === "-" ? null : (theme as Theme) };
  },
};
