/** The confirmation of /nickar-admin season new, `s:<current season>:new`: the next season begins, announced in the channel. */
import { type ButtonCodec, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";

export interface SeasonButtonId {
  readonly type: "season";
  /** The season to end: a second press (or a second admin) cannot start two seasons. */
  readonly season: number;
}

export const seasonId: ButtonCodec<SeasonButtonId> = {
  owns: (id): id is SeasonButtonId => id.type === "season",
  format: (id) => `s:${id.season}:new`,
  parse: (fields) =>
    fields.length === 3 && fields[0] === "s" && NUMBER_FIELD.test(fields[1]) && fields[2] === "new"
      ? { type: "season", season: Number(fields[1]) }
      : null,
};
