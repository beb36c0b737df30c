/** Back to the open puzzle, `pb:<attempt>`: the open try shown again, in place of the question whether to leave it. */
import { UserError } from "../../errors.ts";
import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import { tryResponse } from "../views/puzzle-next.ts";
import { type PuzzleBackButtonId, puzzleBackId } from "./puzzle-back-id.ts";

export const puzzleBack: ButtonKind<PuzzleBackButtonId> = {
  ...puzzleBackId,
  handle: (ctx, id) => {
    const open = ctx.app.puzzles.get(id.attemptId);
    if (!open) throw new UserError("puzzle/gone");
    if (open.attempt.userId !== ctx.userId) throw new UserError("puzzle/not-yours");
    if (open.attempt.status !== "open") throw new UserError("puzzle/stale");
    return tryResponse(ctx, open, "update");
  },
};
