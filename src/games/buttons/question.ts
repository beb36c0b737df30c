/**
 * The buttons of a game's questions (a draw offer, a takeback request: src/games/questions.ts), one flow for
 * both, as lila's Drawer and Takebacker share theirs: the asker's button on the board (`g:…:d`, `g:…:t`; it
 * reads Accept once the opponent asked), and the answers on the notice that asks the opponent, Accept
 * (`…a`) and Decline (`…d`). Each kind says how it is asked and accepted; a decline is the same for both.
 */
import type { ButtonCodec, ButtonKind } from "../../interactions/buttons/kind.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import type { QuestionKind } from "../questions.ts";
import { declinedUpdate } from "../views/questions.ts";
import { gameButton } from "./game-button.ts";
import type { GameButtonId } from "./game-button-id.ts";

type Answer<K extends QuestionKind> = `${K}-accept` | `${K}-decline`;
type QuestionAction<K extends QuestionKind> = { readonly kind: K | Answer<K> };
type QuestionId<K extends QuestionKind> = GameButtonId<QuestionAction<K>>;

export interface QuestionFlow<K extends QuestionKind> {
  /** The asker's button: asks, or answers yes when the opponent's question is open. */
  ask(ctx: HandlerContext, id: QuestionId<K>): Response;
  /** Accept on the notice: only the opponent's question is accepted (the asker's button would make one). */
  accept(ctx: HandlerContext, id: QuestionId<K>): Response;
}

export function questionButton<K extends QuestionKind>(
  kind: K,
  id: ButtonCodec<QuestionId<K>>,
  flow: QuestionFlow<K>,
): ButtonKind<QuestionId<K>> {
  return gameButton(id, (ctx, id) => {
    if (id.action.kind === kind) return flow.ask(ctx, id);
    if (id.action.kind === `${kind}-accept`) return flow.accept(ctx, id);
    // Declined: the game goes on as it is; the notice says so and the asker is told.
    return declinedUpdate(ctx, kind, ctx.app.games.decline(kind, id.gameId, ctx.userId, id.ply));
  });
}
