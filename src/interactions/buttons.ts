/** Handles button presses, already parsed from their custom ids. */
import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { opponent } from "../engine/index.ts";
import { isUserError, UserError } from "../errors.ts";
import { DEFAULT_LEVEL } from "../games/computer.ts";
import type { DrawResult } from "../games/service.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { seatOf, userOf } from "../games/snapshot.ts";
import { term, user } from "../i18n/index.ts";
import { noteText } from "../i18n/note.ts";
import { analyseResponse, scoreText } from "./analysis-view.ts";
import type { HandlerContext } from "./context.ts";
import { type CustomId, formatCustomId } from "./custom-id.ts";
import { forgottenReply, keptReply } from "./forget-view.ts";
import { boardFacts, gameMessage, noticesAfter } from "./game-message.ts";
import { viewerReply } from "./game-viewer.ts";
import { leaderboardReply } from "./leaderboard-view.ts";
import { requireChannelPermissions } from "./permissions.ts";
import type { Edit, Reply, Response } from "./reply.ts";
import { seasonConfirmed } from "./season-confirm.ts";
import { nextSeriesPost } from "./series-posts.ts";
import { challengeReply, drawOfferNotice, gameReply, narration, playerNames, turnNotice, voiceOf } from "./views.ts";

type GameId = Extract<CustomId, { type: "game" }>;
type ChallengeId = Extract<CustomId, { type: "challenge" }>;

export async function handleButton(ctx: HandlerContext, id: CustomId): Promise<Response> {
  switch (id.type) {
    case "game":
      return gameButton(ctx, id);
    case "challenge":
      return challengeButton(ctx, id);
    case "leaderboard": {
      if (!ctx.guildId) throw new UserError("guild/required-leaderboard");
      const { ruleset, season, page, nav } = id;
      const request = { guildId: ctx.guildId, ruleset, season, page, nav, userId: ctx.userId };
      const reply = leaderboardReply(ctx.app, request, ctx.tServer);
      return { mode: "update", reply };
    }
    case "view": {
      const game = ctx.app.games.find(id.gameId, { guildId: ctx.guildId });
      return { mode: "update", reply: viewerReply(ctx.app, game.row, id.ply, voiceOf(ctx.locale)) };
    }
    case "season":
      return seasonConfirmed(ctx, id.season);
    case "forget":
      return forgetButton(ctx, id);
  }
}

/** Forget me / Keep my data: only for the player who asked; the resigned games' boards are brought up to date. */
function forgetButton(ctx: HandlerContext, id: Extract<CustomId, { type: "forget" }>): Response {
  if (id.userId !== ctx.userId) throw new UserError("forget/not-yours");
  if (!id.confirm) return { mode: "update", reply: keptReply(ctx.t) };
  const forgotten = ctx.app.forget.forget(ctx.userId);
  const edits = forgotten.resignedGames.flatMap((gameId) => {
    const game = ctx.app.games.get(gameId);
    return game ? gameMessageEdits(game, gameMessage(ctx.app, game)) : [];
  });
  return { mode: "update", reply: forgottenReply(forgotten, ctx.t), edits };
}

/**
 * Updates the pressed message with `reply` (default: the board), and the game's own message too when
 * the press came from another one (an ephemeral "current board", an older repost). When the action
 * `ended` the game, both players are told by the game's notice (a mention notifies only in a new
 * message; see `noticesAfter`), and a series game's next game is posted.
 */
export function updateGame(
  ctx: HandlerContext,
  game: GameSnapshot,
  reply?: Reply,
  ended = false,
  note?: string,
): Response {
  const board = gameMessage(ctx.app, game);
  return {
    mode: "update",
    reply: reply ?? board,
    edits: gameMessageEdits(game, board, ctx.messageId),
    posts: nextSeriesPost(ctx.app, game),
    notices: noticesAfter(ctx.app, game, ended, note),
  };
}

/** The edit that shows `board` on the game's own message, unless it has none or it is `answered` (updated anyway). */
export function gameMessageEdits(game: GameSnapshot, board: Reply, answered: string | null = null): Edit[] {
  const { channelId, messageId } = game.row;
  return messageId && messageId !== answered ? [{ ref: { channelId, messageId }, reply: board }] : [];
}

/** A link to the game's own message, when it has one. */
function boardLink(game: GameSnapshot): string {
  const { guildId, channelId, messageId } = game.row;
  return messageId ? ` https://discord.com/channels/${guildId}/${channelId}/${messageId}` : "";
}

/** The answer to a press on an out-of-date board: the current board, privately, with working buttons. */
function staleAnswer(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.find(gameId);
  // Only the presser sees it: in their language.
  const current = gameReply(ctx.app, game, boardFacts(ctx.app, game), voiceOf(ctx.locale));
  const elsewhere = game.row.messageId && game.row.messageId !== ctx.messageId;
  const stale = elsewhere ? ctx.t("game:stale.elsewhere", { link: boardLink(game) }) : ctx.t("game:stale.here");
  return {
    mode: "reply",
    reply: { ...current, ephemeral: true, mentions: [], content: `${stale}\n${current.content}` },
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

async function gameButton(ctx: HandlerContext, id: GameId): Promise<Response> {
  const { games } = ctx.app;
  try {
    switch (id.action.kind) {
      case "move":
        return updateGame(ctx, games.play(id.gameId, ctx.userId, id.action.house, id.ply), undefined, true);
      case "resign":
        return confirmResign(ctx, id);
      case "resign-confirm": {
        const game = games.resign(id.gameId, ctx.userId, id.ply);
        // Confirmed on the ephemeral question: that answer just says so, the board is edited.
        const onBoard = ctx.messageId === game.row.messageId;
        const resigned = { content: ctx.t("game:resign.done"), components: [] };
        return updateGame(ctx, game, onBoard ? undefined : resigned, true);
      }
      case "draw":
        return drawPressed(ctx, games.draw(id.gameId, ctx.userId, id.ply));
      case "draw-accept": {
        const current = ctx.app.games.get(id.gameId);
        const seat = current ? seatOf(current.row, ctx.userId) : null;
        if (current && seat !== null && current.row.drawOfferBy !== opponent(seat)) {
          throw new UserError(current.row.drawOfferBy === seat ? "draw/own-offer" : "draw/none-to-accept");
        }
        const result = games.draw(id.gameId, ctx.userId, id.ply);
        const accepted = { content: ctx.tServer("game:draw.accepted", { player: user(ctx.userId) }), components: [] };
        return updateGame(ctx, result.game, accepted, true);
      }
      case "draw-decline": {
        const game = games.declineDraw(id.gameId, ctx.userId, id.ply);
        // The offer's notice gives way to the player to move's, as after a move.
        const declined = updateGame(ctx, game, {
          content: ctx.tServer("game:draw.declined", { player: user(ctx.userId), link: boardLink(game) }),
          components: [],
          mentions: [],
        });
        return { ...declined, notices: [turnNotice(game, ctx.tServer)] };
      }
      case "animate":
        return animate(ctx, id.gameId);
      case "hint":
        return hintResponse(ctx, id.gameId, id.ply);
      case "analyse":
        return analyseResponse(ctx, id.gameId);
      case "rematch":
        return rematch(ctx, id.gameId);
    }
  } catch (error) {
    if (isUserError(error) && error.code === "game/stale") return staleAnswer(ctx, id.gameId);
    if (isUserError(error) && error.code === "game/not-your-turn") throw notYourTurn(ctx, id.gameId);
    throw error;
  }
}

/**
 * A draw offered from the board or by /nickar draw: the board shows it, and the opponent is asked by
 * the game's notice (pinged where they chose, with Accept draw / Decline in the channel); the one who
 * typed the command is answered privately. Accepting from the board agrees the draw.
 */
export function drawPressed(ctx: HandlerContext, result: DrawResult, mode: "update" | "command" = "update"): Response {
  if (result.kind === "agreed") {
    const updated = updateGame(ctx, result.game, undefined, true);
    return mode === "update"
      ? updated
      : { ...updated, mode: "reply", reply: { content: ctx.t("game:draw.agreed"), ephemeral: true } };
  }
  const updated = updateGame(ctx, result.game);
  // Nickar answers by itself in a moment (src/discord/computer-turns.ts): nobody to ask.
  if (ctx.app.computer.is(userOf(result.game.row, opponent(result.game.row.drawOfferBy!)))) {
    if (mode === "update") return updated;
    return {
      ...updated,
      mode: "reply",
      reply: { content: ctx.t("game:draw.offeredToNickar"), ephemeral: true },
    };
  }
  const asked = { ...updated, notices: [drawOfferNotice(result.game, ctx.tServer)] };
  if (mode === "update") return asked;
  const to = userOf(result.game.row, opponent(result.game.row.drawOfferBy!));
  const offered = ctx.t("game:draw.youOffered", { to: user(to), id: result.game.row.id });
  return { ...asked, mode: "reply", reply: { content: offered, ephemeral: true } };
}

/** Rematch: a new challenge to the same opponent on the same terms, sides swapped, answered like any challenge. */
function rematch(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.find(gameId);
  const seat = seatOf(game.row, ctx.userId);
  if (seat === null) throw new UserError("rematch/not-yours");
  if (game.row.status === "active") throw new UserError("game/not-over");
  const { row } = game;
  const opponentId = userOf(row, opponent(seat));
  if (ctx.app.computer.is(opponentId)) {
    // Against Nickar the rematch starts at once, as every game against it does.
    const next = ctx.app.challenges.playComputer(
      {
        guildId: row.guildId,
        channelId: ctx.channelId,
        challengerId: ctx.userId,
        opponent: null,
        ruleset: row.ruleset,
        first: seat === 1 ? "me" : "them",
        timeLimit: row.timeLimit,
      },
      row.level ?? DEFAULT_LEVEL,
      opponentId,
    );
    return {
      mode: "reply",
      reply: gameMessage(ctx.app, next, ctx.tServer("game:rematch.of", { id: row.id })),
      bind: { kind: "game", id: next.row.id },
    };
  }
  const challenge = ctx.app.challenges.create({
    guildId: row.guildId,
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: { id: opponentId, bot: false },
    ruleset: row.ruleset,
    // Sides swapped: whoever was North is South (and moves first) this time.
    first: seat === 1 ? "me" : "them",
    timeLimit: row.timeLimit,
    rated: row.rated,
  });
  const reply = challengeReply(challenge, ctx.tServer);
  return {
    mode: "reply",
    reply: { ...reply, content: `${ctx.tServer("game:rematch.of", { id: row.id })}\n${reply.content}` },
    bind: { kind: "challenge", id: challenge.id },
  };
}

/** Resigning is final, so the button asks first (the confirmation carries the same ply). */
function confirmResign(ctx: HandlerContext, id: GameId): Response {
  ctx.app.games.forPlayer(id.gameId, ctx.userId, id.ply);
  const confirm = formatCustomId({ ...id, action: { kind: "resign-confirm" } });
  return {
    mode: "reply",
    reply: {
      content: ctx.t("game:resign.question"),
      ephemeral: true,
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              custom_id: confirm,
              label: ctx.t("game:resign.confirm"),
              style: ButtonStyle.Danger,
            },
          ],
        },
      ],
    },
  };
}

export function animate(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.find(gameId);
  if (!game.last) throw new UserError("game/no-moves");
  return {
    mode: "reply",
    reply: {
      content: ctx.t("game:animate.move", { ply: game.row.ply, narration: narration(game, ctx.t) ?? "" }),
      ephemeral: true,
      mentions: [],
      image: async () => {
        const names = await playerNames(ctx.app, game);
        const look = { locale: ctx.locale };
        const data = await ctx.app.images.moveGif(game, names, look);
        const description = await ctx.app.images.boardAlt(game, names, look);
        return data ? { name: `nickar-${game.row.id}-${game.row.ply}.gif`, data, description } : null;
      },
    },
  };
}

/** The engine's best move, privately: checked now, searched after the acknowledgement. */
export function hintResponse(ctx: HandlerContext, gameId: string, ply: number | null): Response {
  const game = ctx.app.computer.hintGame(gameId, ctx.userId);
  if (ply !== null && ply !== game.row.ply) throw new UserError("game/stale");
  return {
    mode: "reply",
    reply: { content: ctx.t("game:hint.thinking"), ephemeral: true },
    deferred: async () => {
      const hint = await ctx.app.computer.hint(game);
      const values = {
        move: game.row.ply + 1,
        letter: hint.letter,
        why: hint.why,
        score: scoreText(hint.score, ctx.t),
      };
      return { content: ctx.t("game:hint.line", values), ephemeral: true };
    },
  };
}

function challengeButton(ctx: HandlerContext, id: ChallengeId): Response {
  const { challenges } = ctx.app;
  switch (id.action) {
    case "accept": {
      // A permission taken away since the challenge: say so now, before the game starts.
      requireChannelPermissions(ctx);
      const { game, note } = challenges.accept(id.challengeId, ctx.userId);
      const { row } = game;
      const start = ctx.tServer(row.seriesId ? "game:challenge.seriesOn" : "game:challenge.gameOn");
      // The board takes the place of the challenge message; the first player is told by a notice.
      const board = ctx.messageId ? { channelId: ctx.channelId, messageId: ctx.messageId } : undefined;
      return {
        mode: "update",
        reply: gameMessage(ctx.app, game, `${start}${note ? ` ${noteText(ctx.tServer, note)}` : ""}`),
        bind: { kind: "game", id: row.id },
        notices: [turnNotice(game, ctx.tServer, board)],
      };
    }
    case "decline": {
      const challenge = challenges.get(id.challengeId);
      // Declining a ladder challenge is a loss on the ladder: ask first, as Resign does.
      if (challenge?.kind === "ladder" && challenge.status === "pending" && challenge.opponentId === ctx.userId) {
        return confirmLadderDecline(ctx, id);
      }
      return { mode: "update", reply: challengeReply(challenges.decline(id.challengeId, ctx.userId), ctx.tServer) };
    }
    case "confirm-decline": {
      const declined = challenges.decline(id.challengeId, ctx.userId);
      const message = declined.messageId
        ? [
            {
              ref: { channelId: declined.channelId, messageId: declined.messageId },
              reply: challengeReply(declined, ctx.tServer),
            },
          ]
        : [];
      return {
        mode: "update",
        reply: { content: ctx.t("game:ladderDecline.done"), components: [] },
        edits: message,
      };
    }
    case "cancel":
      return { mode: "update", reply: challengeReply(challenges.cancel(id.challengeId, ctx.userId), ctx.tServer) };
  }
}

/** The question before declining a ladder challenge: what it costs, and a button to confirm. */
function confirmLadderDecline(ctx: HandlerContext, id: ChallengeId): Response {
  const challenge = ctx.app.challenges.get(id.challengeId);
  const challenger = challenge ? user(challenge.challengerId) : term("game:ladderDecline.theChallenger");
  const confirm = formatCustomId({ ...id, action: "confirm-decline" });
  return {
    mode: "reply",
    reply: {
      content: ctx.t("game:ladderDecline.question", { challenger }),
      ephemeral: true,
      mentions: [],
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              custom_id: confirm,
              label: ctx.t("game:ladderDecline.confirm"),
              style: ButtonStyle.Danger,
            },
          ],
        },
      ],
    },
  };
}
