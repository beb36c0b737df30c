/**
 * The notices of a game in play (see `Notice`): the player to move is told it is their turn. The opponent
 * of a draw offer or a takeback request is asked by `questionNotice` (questions.ts); the game's end is told
 * by `endingNotice` (ending.ts).
 */
import { type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import { clearNotice, gameNoticeKey, type MessageRef, type Notice } from "../../interactions/reply.ts";
import { relativeTime } from "../../interactions/views/parts.ts";
import { type GameSnapshot, userOf } from "../snapshot.ts";

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
