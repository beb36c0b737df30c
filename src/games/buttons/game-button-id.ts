/**
 * The ids of a game's buttons and of its notices: `g:<gameId>:<ply>:<action>`, the ply the board showed,
 * so that a press on an older board is refused as stale. Each kind declares how its actions are written
 * after the ply (its own `*-id.ts`); the handlers are apart (game-button.ts), so that views can format ids
 * without importing handlers, which import views.
 */
import { type ButtonCodec, decode, ID_FIELD, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";

/** What a game button does: `kind` names it, a move carries its house too. */
export interface Action {
  readonly kind: string;
}

export interface GameButtonId<A extends Action = Action> {
  readonly type: "game";
  readonly gameId: string;
  readonly ply: number;
  readonly action: A;
}

/** How a kind's actions are written after the ply. */
export interface ActionCodec<A extends Action> {
  readonly kinds: readonly A["kind"][];
  format(action: A): string;
  /** The action in the fields after the ply; null when they are not one of this kind's. */
  parse(fields: readonly string[]): A | null;
}

/** An action that carries nothing but its kind. */
type Plain<K extends string> = K extends string ? { readonly kind: K } : never;

/** Actions that carry nothing but their kind, each written as its code: `{ resign: "r" }` writes `g:…:r`. */
export function codes<K extends string>(table: Readonly<Record<K, string>>): ActionCodec<Plain<K>> {
  return {
    kinds: Object.keys(table) as K[],
    format: (action) => table[action.kind as K],
    parse: (fields) => {
      const kind = fields.length === 1 ? decode(table, fields[0]) : null;
      return kind === null ? null : ({ kind } as Plain<K>);
    },
  };
}

/** A game button kind's id: its actions' codec under the `g:<game>:<ply>:` prefix. */
export function gameButtonId<A extends Action>(actions: ActionCodec<A>): ButtonCodec<GameButtonId<A>> {
  return {
    owns: (id): id is GameButtonId<A> =>
      id.type === "game" && (actions.kinds as readonly string[]).includes((id as GameButtonId).action.kind),
    format: (id) => `g:${id.gameId}:${id.ply}:${actions.format(id.action)}`,
    parse: (fields) => {
      if (fields.length < 4 || fields[0] !== "g" || !ID_FIELD.test(fields[1]) || !NUMBER_FIELD.test(fields[2]))
        return null;
      const action = actions.parse(fields.slice(3));
      return action && { type: "game", gameId: fields[1], ply: Number(fields[2]), action };
    },
  };
}
