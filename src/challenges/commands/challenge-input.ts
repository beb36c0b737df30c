/**
 * What the commands that challenge share (challenge, play, the ladder's and series' challenges): the
 * challenge their options describe, the challenge message they answer with, and a game against Nickar.
 */
import { requireGuild } from "../../commands/guards.ts";
import { asRuleset } from "../../commands/ruleset-option.ts";
import { parseTime } from "../../commands/time-option.ts";
import { type ChallengeRow, type ComputerLevel, FIRST_CHOICES, type FirstChoice } from "../../db/schema.ts";
import { UserError } from "../../errors.ts";
import { gameMessage } from "../../games/views/game-message.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import { requireChannelPermissions } from "../../interactions/permissions.ts";
import type { Response } from "../../interactions/reply.ts";
import type { ChallengeInput } from "../challenges.ts";
import { challengeReply } from "../views/challenge.ts";

/**
 * What a game or series challenge is made of: the caller challenges the `opponent` option (none for
 * an open challenge), with the `ruleset`, `first`, `time` and `rated` options.
 */
export function challengeInput(ctx: HandlerContext, options: CommandOptions): ChallengeInput {
  // The game will be played here: a channel where Nickar cannot post its boards is refused now.
  requireChannelPermissions(ctx);
  const first = options.getString("first");
  return {
    guildId: requireGuild(ctx),
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: options.getUser("opponent"),
    ruleset: asRuleset(options.getString("ruleset")),
    first: first && (FIRST_CHOICES as readonly string[]).includes(first) ? (first as FirstChoice) : null,
    timeLimit: parseTime(options.getString("time")),
    rated: options.getBoolean("rated"),
  };
}

/** The challenge message (public: in the server's language), bound to the challenge so its buttons find it. */
export function challengeResponse(ctx: HandlerContext, challenge: ChallengeRow): Response {
  const reply = challengeReply(challenge, ctx.tServer);
  return { mode: "reply", reply, bind: { kind: "challenge", id: challenge.id } };
}

/**
 * A game against Nickar itself, started at once (no Accept) and unrated; the board is posted as the
 * game's message. If Nickar moves first, it starts thinking once the message is there.
 */
export function computerGameResponse(ctx: HandlerContext, input: ChallengeInput, level: ComputerLevel): Response {
  const { computer } = ctx.app;
  if (!computer.enabled || computer.userId === null) {
    throw new UserError("computer/off-play");
  }
  const game = ctx.app.challenges.playComputer(input, level, computer.userId);
  // A note on the public board: in the server's language.
  const note = input.rated ? ctx.tServer("replies:computer.unrated") : undefined;
  return { mode: "reply", reply: gameMessage(ctx.app, game, note), bind: { kind: "game", id: game.row.id } };
}
