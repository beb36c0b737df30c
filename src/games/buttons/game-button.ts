/**
 * The buttons of a game's message and of its notices: `g:<gameId>:<ply>:<action>`, the ply the board
 * showed, so that a press on an older board is refused as stale and answered with the current board.
 * Each kind declares how its actions are written after the ply; the refusals every game button shares
 * (an old board, not the presser's turn) are answered here. A second press of the house just played (a
 * double click) is not an old board to show again: it gets a short word, and no image.
 */
import { moveLetter } from "../../engine/index.ts";
import { isUserError, UserError } from "../../errors.ts";
import { user } from "../../i18n/index.ts";
import { type ButtonKind, decode, ID_FIELD, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import { ephemeral, type Response } from "../../interactions/reply.ts";
import { userOf } from "../snapshot.ts";
import { currentTakeback } from "../takebacks.ts";
import { staleAnswer } from "../views/game-updates.ts";

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

/** "It is not your turn" says who is to move (a mention in an ephemeral answer pings nobody). */
function notYourTurn(ctx: HandlerContext, gameId: string): UserError {
  const game = ctx.app.games.get(gameId);
  const toMove = game ? userOf(game.row, game.state.position.toMove) : null;
  return toMove
    ? new UserError("game/not-your-turn-named", { toMove: user(toMove) })
    : new UserError("game/not-your-turn");
}

/**
 * The press was the move just made, pressed again (a double click): its board is exactly one move
 * behind, and the move recorded there is this house, by this presser. "Already played: C", privately.
 */
function alreadyPlayed(ctx: HandlerContext, id: GameButtonId): Response | null {
  const action = id.action as Action & { readonly house?: unknown };
  if (action.kind !== "move" || typeof action.house !== "number") return null;
  const game = ctx.app.games.get(id.gameId);
  const last = game?.last;
  // A takeback also moves the ply on: a press of the board before it is an old board, not a double click.
  if (!game || !last || id.ply !== game.row.ply - 1 || currentTakeback(game.row)) return null;
  if (last.house !== action.house || userOf(game.row, last.player) !== ctx.userId) return null;
  return ephemeral(ctx.t("game:stale.played", { letter: moveLetter(last.player, last.house) }));
}

/** A game button kind: its actions' codec, and its handler. */
export function gameButton<A extends Action>(
  actions: ActionCodec<A>,
  handle: (ctx: HandlerContext, id: GameButtonId<A>) => Response | Promise<Response>,
): ButtonKind<GameButtonId<A>> {
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
    handle: async (ctx, id) => {
      try {
        return await handle(ctx, id);
      } catch (error) {
        if (isUserError(error) && error.code === "game/stale")
          return alreadyPlayed(ctx, id) ?? staleAnswer(ctx, id.gameId);
        // A double click on the move that ended the game meets "game over" first: the same short answer.
        if (isUserError(error) && error.code === "game/over") {
          const played = alreadyPlayed(ctx, id);
          if (played) return played;
        }
        if (isUserError(error) && error.code === "game/not-your-turn") throw notYourTurn(ctx, id.gameId);
        throw error;
      }
    },
  };
}
