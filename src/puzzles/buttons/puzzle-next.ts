/**
 * Next puzzle, `pn:<ruleset>:<theme | ->[:<attempt>]`: a new try in the same ruleset (and theme), as a new private
 * message; pressed on the question about an open rated try (count it as missed), the question becomes the new try.
 */
import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import { nextPuzzleResponse } from "../views/puzzle-next.ts";
import { type PuzzleNextButtonId, puzzleNextId } from "./puzzle-next-id.ts";

export const puzzleNext: ButtonKind<PuzzleNextButtonId> = {
  ...puzzleNextId,
  handle: (ctx, id) => {
    const choice = { userId: ctx.userId, guildId: ctx.guildId, ruleset: id.ruleset, theme: id.theme };
    const missed = id.missed ?? null;
    return nextPuzzleResponse(ctx, choice, missed, missed ? "update" : "reply");
  },
};
