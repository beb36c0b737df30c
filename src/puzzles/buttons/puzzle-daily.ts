/** The daily puzzle's Solve, `pd:<YYYY-MM-DD>`: a private try at this server's puzzle of that day. */
import { UserError } from "../../errors.ts";
import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import { puzzleReply } from "../views/puzzle.ts";
import { type PuzzleDailyButtonId, puzzleDailyId } from "./puzzle-daily-id.ts";

export const puzzleDaily: ButtonKind<PuzzleDailyButtonId> = {
  ...puzzleDailyId,
  handle: (ctx, id) => {
    if (!ctx.guildId) throw new UserError("puzzle/gone");
    const started = ctx.app.dailyPuzzles.start(ctx.userId, ctx.guildId, id.date);
    return { mode: "reply", reply: puzzleReply(ctx, started) };
  },
};
