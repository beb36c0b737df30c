/**
 * The notices of a game in play (see `Notice`): the player to move is told it is their turn, and the
 * opponent of a draw offer is asked to answer it. The game's end is told by `endingNotice` (ending.ts).
 */
import { ButtonStyle } from "discord-api-types/v10";
import { opponent } from "../../engine/index.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { CustomId } from "../../interactions/custom-id.ts";
import { clearNotice, gameNoticeKey, type MessageRef, type Notice } from "../../interactions/reply.ts";
import { button, relativeTime, row } from "../../interactions/views/parts.ts";
import { type GameSnapshot, userOf } from "../snapshot.ts";
import { requestedLetters } from "../takebacks.ts";

/** The player a draw offer asks: the offerer's opponent. */
export function drawOfferedTo(game: GameSnapshot): string {
  const { row: g } = game;
  if (g.drawOfferBy === null) throw new Error(`game ${g.id} has no draw offer`);
  return userOf(g, opponent(g.drawOfferBy));
}

/**
 * The notice that asks the opponent to answer a draw offer, with Accept draw and Decline (in a
 * direct message: a link to the board, whose Offer draw button has become Accept draw). It replaces
 * the game's turn notice; a move or an answer replaces it in turn.
 */
export function drawOfferNotice(game: GameSnapshot, t: Translate): Notice {
  const { row: g } = game;
  const to = drawOfferedTo(game);
  const by = userOf(g, g.drawOfferBy!); // there is an offer: drawOfferedTo has checked
  const text = t("game:draw.offer", { by: user(by), id: g.id });
  return questionNotice(game, to, text, ["draw-accept", t("game:button.acceptDraw")], "draw-decline", t);
}

/**
 * A question to one player of the game, asked by the game's notice (it replaces the turn notice), with
 * an Accept and a Decline button for this ply; in a direct message a link to the board, which carries
 * the same answer.
 */
function questionNotice(
  game: GameSnapshot,
  to: string,
  text: string,
  [accept, acceptLabel]: readonly ["draw-accept" | "takeback-accept", string],
  decline: "draw-decline" | "takeback-decline",
  t: Translate,
): Notice {
  const { row: g } = game;
  const id = (kind: typeof accept | typeof decline): CustomId => ({
    type: "game",
    gameId: g.id,
    ply: g.ply,
    action: { kind },
  });
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    users: [to],
    text,
    components: [
      row(
        button(id(accept), acceptLabel, ButtonStyle.Success),
        button(id(decline), t("game:button.decline"), ButtonStyle.Secondary),
      ),
    ],
    ...(g.messageId && { jump: { guildId: g.guildId, channelId: g.channelId, messageId: g.messageId } }),
  };
}

/** The player a takeback request asks: the asker's opponent. */
export function takebackAskedTo(game: GameSnapshot): string {
  const { row: g } = game;
  if (g.takebackBy === null) throw new Error(`game ${g.id} has no takeback request`);
  return userOf(g, opponent(g.takebackBy));
}

/**
 * The notice that asks the opponent to answer a takeback request, with Accept takeback and Decline (in a
 * direct message: a link to the board, whose Take back button has become Accept takeback). It replaces
 * the game's turn notice, as a draw offer's does; a move or an answer replaces it in turn.
 */
export function takebackNotice(game: GameSnapshot, t: Translate): Notice {
  const { row: g } = game;
  const to = takebackAskedTo(game);
  const by = g.takebackBy!; // there is a request: takebackAskedTo has checked
  const moves = requestedLetters(game.state, by, g.level !== null).join(", ");
  const text = t("game:takeback.ask", { by: user(userOf(g, by)), moves, id: g.id });
  return questionNotice(game, to, text, ["takeback-accept", t("game:takeback.button.accept")], "takeback-decline", t);
}

/**
 * The notice that tells the player to move it is their turn (see `Notice`). `board` is the game's
 * message when it is not bound yet (a challenge just accepted on its own message).
 */
export function turnNotice(game: GameSnapshot, t: Translate, board?: MessageRef): Notice {
  const { row: g, state } = game;
  const values = {
    id: g.id,
    ruleset: term(RULESET_NAME[g.ruleset]),
    first: state.ply === 0 ? t("notices:turn.first") : "",
    deadline: g.deadlineAt === null ? "" : t("notices:turn.deadline", { time: relativeTime(g.deadlineAt) }),
  };
  const messageId = board?.messageId ?? g.messageId;
  const channelId = board?.channelId ?? g.channelId;
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    users: [userOf(g, state.position.toMove)],
    text: t("notices:turn.channel", values),
    direct: t("notices:turn.direct", values),
    ...(messageId && { jump: { guildId: g.guildId, channelId, messageId } }),
  };
}

/**
 * The notices after a change to a game: the player to move is told when the turn passed to them
 * (`moved`: a move was just played); once the game is over, its last turn notice goes away.
 */
export function gameNotices(game: GameSnapshot, moved: boolean, t: Translate): Notice[] {
  const { row: g, state } = game;
  if (g.status !== "active") return [clearNotice(gameNoticeKey(g.id), g.channelId)];
  // A Caribbean extra move keeps the turn: the player already knows, and was told last time.
  if (moved && game.last?.player !== state.position.toMove) return [turnNotice(game, t)];
  return [];
}
