/** The game viewer's steps, `v:<gameId>:<ply>:<f|b|n|l>`: the position after that ply, in the presser's language. */
import { type ButtonCodec, decode, ID_FIELD, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";

export type ViewNav = "first" | "back" | "forward" | "last";
/** The last letter only keeps two buttons of one message apart when they lead to the same ply. */
const VIEW_CODES: Record<ViewNav, string> = { first: "f", back: "b", forward: "n", last: "l" };

export interface ViewerButtonId {
  readonly type: "view";
  readonly gameId: string;
  /** The ply to show. */
  readonly ply: number;
  readonly nav: ViewNav;
}

export const viewerId: ButtonCodec<ViewerButtonId> = {
  owns: (id): id is ViewerButtonId => id.type === "view",
  format: (id) => `v:${id.gameId}:${id.ply}:${VIEW_CODES[id.nav]}`,
  parse: (fields) => {
    const [prefix, gameId, ply, code] = fields;
    if (fields.length !== 4 || prefix !== "v" || !ID_FIELD.test(gameId) || !NUMBER_FIELD.test(ply)) return null;
    const nav = decode(VIEW_CODES, code);
    return nav && { type: "view", gameId, ply: Number(ply), nav };
  },
};
