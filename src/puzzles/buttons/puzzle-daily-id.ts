/** The daily puzzle's Solve, `pd:<YYYY-MM-DD>`: a private try at this server's puzzle of that day. */
import type { ButtonCodec } from "../../interactions/buttons/kind.ts";

export interface PuzzleDailyButtonId {
  readonly type: "puzzle-daily";
  readonly date: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const puzzleDailyId: ButtonCodec<PuzzleDailyButtonId> = {
  owns: (id): id is PuzzleDailyButtonId => id.type === "puzzle-daily",
  format: (id) => `pd:${id.date}`,
  parse: (fields) => {
    const [prefix, date] = fields;
    return fields.length === 2 && prefix === "pd" && DATE.test(date) ? { type: "puzzle-daily", date } : null;
  },
};
