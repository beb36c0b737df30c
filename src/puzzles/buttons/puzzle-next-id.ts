/**
 * Next puzzle, `pn:<ruleset>:<theme | ->[:<attempt>]`: a new try in the same ruleset (and theme), as a new
 * private message. A rated try still open is counted as missed only when it is the `attempt` the player
 * agreed to leave (the question's "count it as missed" button); else they are asked first. Ids made
 * before the question have three fields.
 */
import type { RulesetId } from "../../engine/index.ts";
import { isRulesetId } from "../../engine/index.ts";
import { type ButtonCodec, ID_FIELD } from "../../interactions/buttons/kind.ts";
import { THEMES, type Theme } from "../core/index.ts";

export interface PuzzleNextButtonId {
  readonly type: "puzzle-next";
  readonly ruleset: RulesetId;
  readonly theme: Theme | null;
  /** The open rated try the player agreed to count as missed. */
  readonly missed?: string;
}

export const puzzleNextId: ButtonCodec<PuzzleNextButtonId> = {
  owns: (id): id is PuzzleNextButtonId => id.type === "puzzle-next",
  format: (id) => `pn:${id.ruleset}:${id.theme ?? "-"}${id.missed ? `:${id.missed}` : ""}`,
  parse: (fields) => {
    const [prefix, ruleset, theme, missed] = fields;
    if (fields.length < 3 || fields.length > 4 || prefix !== "pn" || !isRulesetId(ruleset)) return null;
    if (theme !== "-" && !(THEMES as readonly string[]).includes(theme)) return null;
    if (missed !== undefined && !ID_FIELD.test(missed)) return null;
    const id: PuzzleNextButtonId = { type: "puzzle-next", ruleset, theme: theme === "-" ? null : (theme as Theme) };
    return missed === undefined ? id : { ...id, missed };
  },
};
