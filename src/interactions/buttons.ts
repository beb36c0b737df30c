/** Handles button presses, already parsed from their custom ids. */
import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { isUserError, UserError } from "../errors.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { seatOf } from "../games/snapshot.ts";
import type { HandlerContext } from "./context.ts";
import { type CustomId, formatCustomId } from "./custom-id.ts";
import { forgottenReply, KEPT } from "./forget-view.ts";
import { viewerReply } from "./game-viewer.ts";
import { leaderboardReply } from "./leaderboard-view.ts";
import type { Edit, Reply, Response } from "./reply.ts";
import { nextSeriesPost } from "./series-posts.ts";
import { challengeReply, gameReply, narration, playerNames } from "./views.ts";

type GameId = Extract<CustomId, { type: "game" }>;
type ChallengeId = Extract<CustomId, { type: "challenge" }>;

export async function handleButton(ctx: HandlerContext, id: CustomId): Promise<Response> {
  switch (id.type) {
    case "game":
      return gameButton(ctx, id);
    case "challenge":
      return challengeButton(ctx, id);
    case "leaderboard": {
      if (!ctx.guildId) throw new UserError("guild/required", "Leaderboards belong to a server.");
      const { ruleset, season, page, nav } = id;
      const reply = leaderboardReply(ctx.app, { guildId: ctx.guildId, ruleset, season, page, nav, userId: ctx.userId });
      return { mode: "update", reply };
    }
    case "view": {
      const game = ctx.app.games.get(id.gameId);
      if (!game || game.row.guildId !== ctx.guildId)
        throw new UserError("game/not-found", "This game no longer exists.");
      return { mode: "update", reply: viewerReply(ctx.app, game.row, id.ply) };
    }
    case "forget":
      return forgetButton(ctx, id);
  }
}

/** Forget me / Keep my data: only for the player who asked; the resigned games' boards are brought up to date. */
function forgetButton(ctx: HandlerContext, id: Extract<CustomId, { type: "forget" }>): Response {
  if (id.userId !== ctx.userId) throw new UserError("forget/not-yours", "Only the player who asked can answer this.");
  if (!id.confirm) return { mode: "update", reply: KEPT };
  const forgotten = ctx.app.forget.forget(ctx.userId);
  const edits = forgotten.resignedGames.flatMap((gameId) => {
    const game = ctx.app.games.get(gameId);
    return game ? gameMessageEdits(game, gameReply(ctx.app, game)) : [];
  });
  return { mode: "update", reply: forgottenReply(forgotten), edits };
}

/**
 * Updates the pressed message with `reply` (default: the board), and the game's own message too when
 * the press came from another one (an ephemeral "current board", an older repost). When the game
 * ended a series game, the series' next game is posted too.
 */
export function updateGame(ctx: HandlerContext, game: GameSnapshot, reply?: Reply): Response {
  const board = gameReply(ctx.app, game);
  return {
    mode: "update",
    reply: reply ?? board,
    edits: gameMessageEdits(game, board, ctx.messageId),
    posts: nextSeriesPost(ctx.app, game),
  };
}

/** The edit that shows `board` on the game's own message, unless it has none or it is `answered` (updated anyway). */
export function gameMessageEdits(game: GameSnapshot, board: Reply, answered: string | null = null): Edit[] {
  const { channelId, messageId } = game.row;
  return messageId && messageId !== answered ? [{ ref: { channelId, messageId }, reply: board }] : [];
}

/** The answer to a press on an out-of-date board: the current board, privately, with working buttons. */
function staleAnswer(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.get(gameId);
  if (!game) throw new UserError("game/not-found", "This game no longer exists.");
  const current = gameReply(ctx.app, game);
  return {
    mode: "reply",
    reply: {
      ...current,
      ephemeral: true,
      mentions: [],
      content: `This board is out of date; here is the current one.\n${current.content}`,
    },
  };
}

async function gameButton(ctx: HandlerContext, id: GameId): Promise<Response> {
  const { games } = ctx.app;
  try {
    switch (id.action.kind) {
      case "move":
        return updateGame(ctx, games.play(id.gameId, ctx.userId, id.action.house, id.ply));
      case "resign":
        return confirmResign(ctx, id);
      case "resign-confirm": {
        const game = games.resign(id.gameId, ctx.userId, id.ply);
        // Confirmed on the ephemeral question: that answer just says so, the board is edited.
        const onBoard = ctx.messageId === game.row.messageId;
        return updateGame(ctx, game, onBoard ? undefined : { content: "You resigned.", components: [] });
      }
      case "draw":
        return updateGame(ctx, games.draw(id.gameId, ctx.userId, id.ply).game);
      case "animate":
        return animate(ctx, id.gameId);
    }
  } catch (error) {
    if (isUserError(error) && error.code === "game/stale") return staleAnswer(ctx, id.gameId);
    throw error;
  }
}

/** Resigning is final, so the button asks first (the confirmation carries the same ply). */
function confirmResign(ctx: HandlerContext, id: GameId): Response {
  const game = ctx.app.games.get(id.gameId);
  if (!game) throw new UserError("game/not-found", "This game no longer exists.");
  if (seatOf(game.row, ctx.userId) === null) throw new UserError("game/not-yours", "This is not your game.");
  if (game.row.status !== "active") throw new UserError("game/over", "This game is over.");
  if (game.row.ply !== id.ply) throw new UserError("game/stale", "This board is out of date.");
  const confirm = formatCustomId({ ...id, action: { kind: "resign-confirm" } });
  return {
    mode: "reply",
    reply: {
      content: "Resign this game? Your opponent wins.",
      ephemeral: true,
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, custom_id: confirm, label: "Yes, resign", style: ButtonStyle.Danger },
          ],
        },
      ],
    },
  };
}

export function animate(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.get(gameId);
  if (!game) throw new UserError("game/not-found", "This game no longer exists.");
  if (!game.last) throw new UserError("game/no-moves", "No move has been played yet.");
  return {
    mode: "reply",
    reply: {
      content: `Move ${game.row.ply}: ${narration(game)}`,
      ephemeral: true,
      image: async () => {
        const data = await ctx.app.images.moveGif(game, await playerNames(ctx.app, game));
        return data ? { name: `nickar-${game.row.id}-${game.row.ply}.gif`, data } : null;
      },
    },
  };
}

function challengeButton(ctx: HandlerContext, id: ChallengeId): Response {
  const { challenges } = ctx.app;
  switch (id.action) {
    case "accept": {
      const { game, note } = challenges.accept(id.challengeId, ctx.userId);
      const { row, state } = game;
      const first = state.position.toMove === 0 ? row.southId : row.northId;
      const start = row.seriesId ? "The series is on! Game 1:" : "Game on!";
      return {
        mode: "update",
        reply: gameReply(ctx.app, game),
        bind: { kind: "game", id: row.id },
        followUps: [{ content: `${start} <@${first}>, you move first.${note ? `\n${note}` : ""}`, mentions: [first] }],
      };
    }
    case "decline":
      return { mode: "update", reply: challengeReply(challenges.decline(id.challengeId, ctx.userId)) };
    case "cancel":
      return { mode: "update", reply: challengeReply(challenges.cancel(id.challengeId, ctx.userId)) };
  }
}
