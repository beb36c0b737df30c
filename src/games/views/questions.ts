/**
 * What a game's questions show (a draw offer, a takeback request: src/games/questions.ts). The opponent is
 * asked by the game's notice, with Accept and Decline (it replaces the turn notice; a move or an answer
 * replaces it in turn; in a direct message a link to the board, whose button has become Accept). Accepted,
 * the board shows the game drawn or the move taken back; declined, the notice pressed says so and the asker
 * is told, by the game's notice (with their turn, when it is theirs).
 */
import { ButtonStyle } from "discord-api-types/v10";
import { opponent, type Player } from "../../engine/index.ts";
import { type MessageKey, type Translate, user } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { CustomId } from "../../interactions/custom-id.ts";
import { gameNoticeKey, linkSuffix, type Notice, type Reply, type Response } from "../../interactions/reply.ts";
import { button, row } from "../../interactions/views/parts.ts";
import { askedBy, type QuestionKind } from "../questions.ts";
import type { DrawResult, TakebackResult } from "../service.ts";
import { type GameSnapshot, seatOf, userOf } from "../snapshot.ts";
import { requestedLetters } from "../takebacks.ts";
import { turnNotice } from "./game-notices.ts";
import { updateGame } from "./game-updates.ts";

/** Each question's buttons on the notice, and its texts. */
const VIEW = {
  draw: {
    accept: "draw-accept",
    decline: "draw-decline",
    acceptLabel: "game:button.acceptDraw",
    accepted: "game:draw.accepted",
    declined: "game:draw.declined",
    declinedYours: "game:draw.declinedYours",
  },
  takeback: {
    accept: "takeback-accept",
    decline: "takeback-decline",
    acceptLabel: "game:takeback.button.accept",
    accepted: "game:takeback.accepted",
    declined: "game:takeback.declined",
    declinedYours: "game:takeback.declinedYours",
  },
} as const satisfies Record<
  QuestionKind,
  {
    readonly accept: `${QuestionKind}-accept`;
    readonly decline: `${QuestionKind}-decline`;
    readonly acceptLabel: MessageKey;
    readonly accepted: MessageKey;
    readonly declined: MessageKey;
    readonly declinedYours: MessageKey;
  }
>;

/** The seat of the player whose `kind` question is open; a game without one is a bug of the caller's. */
function asker(game: GameSnapshot, kind: QuestionKind): Player {
  const by = askedBy(game.row, kind);
  if (by === null) throw new Error(`game ${game.row.id} has no open ${kind} question`);
  return by;
}

/** The player the open `kind` question asks: the asker's opponent. */
export function askedTo(game: GameSnapshot, kind: QuestionKind): string {
  return userOf(game.row, opponent(asker(game, kind)));
}

/** "alice offers you a draw in game `k7m2`…", "alice asks you to take back C in game `k7m2`…". */
function questionText(game: GameSnapshot, kind: QuestionKind, t: Translate): string {
  const { row: g } = game;
  const by = asker(game, kind);
  if (kind === "draw") return t("game:draw.offer", { by: user(userOf(g, by)), id: g.id });
  const moves = requestedLetters(game.state, by, g.level !== null).join(", ");
  return t("game:takeback.ask", { by: user(userOf(g, by)), moves, id: g.id });
}

/** The game's notice to `to` (one at a time per game), linking to the board in a direct message. */
function gameNotice(game: GameSnapshot, to: string, text: string): Notice {
  const { row: g } = game;
  const jump = g.messageId ? { guildId: g.guildId, channelId: g.channelId, messageId: g.messageId } : undefined;
  return { key: gameNoticeKey(g.id), channelId: g.channelId, users: [to], text, ...(jump && { jump }) };
}

/**
 * The notice that asks the opponent to answer the open `kind` question, with an Accept and a Decline button
 * for this ply; in a direct message a link to the board, which carries the same answer.
 */
export function questionNotice(game: GameSnapshot, kind: QuestionKind, t: Translate): Notice {
  const { row: g } = game;
  const view = VIEW[kind];
  const id = (action: typeof view.accept | typeof view.decline): CustomId => ({
    type: "game",
    gameId: g.id,
    ply: g.ply,
    action: { kind: action },
  });
  return {
    ...gameNotice(game, askedTo(game, kind), questionText(game, kind, t)),
    components: [
      row(
        button(id(view.accept), t(view.acceptLabel), ButtonStyle.Success),
        button(id(view.decline), t("game:button.decline"), ButtonStyle.Secondary),
      ),
    ],
  };
}

/**
 * The game's notice after `by`'s `kind` question was declined: it tells `by`, and when it is their move says
 * so too, as the turn notice would (the one who declined has just answered: no ping for them).
 */
export function declinedNotice(game: GameSnapshot, kind: QuestionKind, by: Player, t: Translate): Notice {
  const { row: g, state } = game;
  const declined = t(VIEW[kind].declinedYours, { player: user(userOf(g, opponent(by))), id: g.id });
  const turn = state.position.toMove === by ? turnNotice(game, t) : null;
  const text = turn ? `${declined} ${turn.direct}` : declined;
  return { ...gameNotice(game, userOf(g, by), text), direct: text };
}

/**
 * A draw offered (from the board or by /nickar draw) or agreed (the opponent had offered one): the board
 * shows it, and an offer asks the opponent by the game's notice. Nickar answers by itself in a moment
 * (src/games/jobs/computer-turns.ts): nobody to ask.
 */
export function drawUpdate(ctx: HandlerContext, result: DrawResult, reply?: Reply): Response {
  if (result.kind === "agreed") return updateGame(ctx, result.game, { ...(reply && { reply }), moved: true });
  const updated = updateGame(ctx, result.game);
  if (ctx.app.computer.is(askedTo(result.game, "draw"))) return updated;
  return { ...updated, notices: [questionNotice(result.game, "draw", ctx.tServer)] };
}

/**
 * A takeback asked (from the board or by /nickar takeback): the board shows it, and the opponent is asked
 * by the game's notice. Done (the opponent accepted, or Nickar at once): the board shows the position before
 * the move, "alice took back C", and the asker, to move again, gets the turn notice (a Caribbean extra move
 * keeps the turn, so it is told whoever moved last).
 */
export function takebackUpdate(ctx: HandlerContext, result: TakebackResult, reply?: Reply): Response {
  const updated = updateGame(ctx, result.game, reply ? { reply } : {});
  if (result.kind === "asked") return { ...updated, notices: [questionNotice(result.game, "takeback", ctx.tServer)] };
  return { ...updated, notices: [turnNotice(result.game, ctx.tServer)] };
}

/** The notice pressed, once its question was accepted: "bob accepted the draw." (in the server's language). */
export function acceptedReply(ctx: HandlerContext, kind: QuestionKind): Reply {
  return { content: ctx.tServer(VIEW[kind].accepted, { player: user(ctx.userId) }), components: [] };
}

/**
 * The caller declined the question of `game` (already written): the notice pressed says so, the board is
 * brought up to date, and the asker is told by the game's notice.
 */
export function declinedUpdate(ctx: HandlerContext, kind: QuestionKind, game: GameSnapshot): Response {
  const content = ctx.tServer(VIEW[kind].declined, { player: user(ctx.userId), link: linkSuffix(game.row) });
  const declined = updateGame(ctx, game, { reply: { content, components: [], mentions: [] } });
  const seat = seatOf(game.row, ctx.userId);
  if (seat === null) throw new Error(`${ctx.userId} declined in game ${game.row.id} without playing it`);
  return { ...declined, notices: [declinedNotice(game, kind, opponent(seat), ctx.tServer)] };
}
