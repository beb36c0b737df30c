/** The custom id of tournament's buttons (the handler: ./tournament.ts). */
import { type ButtonCodec, decode, ID_FIELD } from "../../interactions/buttons/kind.ts";

export type TournamentAction = "join" | "leave" | "leave-confirm" | "start";
const CODES = { join: "j", leave: "l", "leave-confirm": "lc", start: "s" } as const satisfies Record<
  TournamentAction,
  string
>;

export interface TournamentButtonId {
  readonly type: "tournament";
  readonly tournamentId: string;
  readonly action: TournamentAction;
}

export const tournamentId: ButtonCodec<TournamentButtonId> = {
  owns: (id): id is TournamentButtonId => id.type === "tournament",
  format: (id) => `t:${id.tournamentId}:${CODES[id.action]}`,
  parse: (fields) => {
    if (fields.length !== 3 || fields[0] !== "t" || !ID_FIELD.test(fields[1])) return null;
    const action = decode(CODES, fields[2]);
    return action ? { type: "tournament", tournamentId: fields[1], action } : null;
  },
};
