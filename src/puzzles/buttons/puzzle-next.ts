/** Next puzzle, `pn:<ruleset>:<theme | ->`: a new try in the same ruleset (and theme), as a new private message. */

import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import { puzzleReply } from "../views/puzzle.ts";
import { type PuzzleNextButtonId, puzzleNextId } from "./puzzle-next-id.ts";

export const puzzleNext: ButtonKind<PuzzleNextButtonId> = {
  ...puzzleNextId,
  handle: (ctx, id) => {
    const next = ctx.app.puzzles.next({
      userId: ctx.userId,
      guildId: ctx.guildId,
      ruleset: id.ruleset,
      theme: id.theme,
    });
    return { mode: "reply", reply: puzzleReply(ctx, next) };
  },
};
