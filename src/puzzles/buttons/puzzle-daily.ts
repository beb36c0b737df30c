/** The daily puzzle's Solve, `pd:<YYYY-MM-DD>`: a private try at this server's puzzle of that day. */
import { UserError } from "../../errors.ts";
import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import { puzzleReply } from "../views/puzzle.ts";

export interface PuzzleDailyButtonId {
  readonly type: "puzzle-daily";
  readonly date: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const puzzleDaily: ButtonKind<PuzzleDailyButtonId> = {
  owns: (id): id is PuzzleDailyButtonId => id.type === "puzzle-daily",
  format: (id) => `pd:${id.date}`,
  parse: (fields) => {
    const [prefix, date] = fields;
    return fields.length === 2 && prefix === "pd" && DATE.test(date) ? { type: "puzzle-daily", date } : null;
  },
  handle: (ctx, id) => {
    if (!ctx.guildId) throw new UserError("puzzle/gone");
    const started = ctx.app.dailyPuzzles.start(ctx.userId, ctx.guildId, id.date);
    return { mode: "reply", reply: puzzleReply(ctx, started) };
  },
};
