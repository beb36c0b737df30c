import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { changedGame, gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("abort")
  .setDescription("Call off a game before both players have moved (no rating change)")
  .addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const game = ctx.app.games.abort(target.row.id, ctx.userId);
  const changed = changedGame(ctx, game, "Game aborted: no result, ratings unchanged.", true);
  // Say who called it off, in the message that tells both players.
  const posts = (changed.posts ?? []).map((post, i) =>
    i === 0
      ? { ...post, reply: { ...post.reply, content: `<@${ctx.userId}> aborted the game.\n${post.reply.content}` } }
      : post,
  );
  return { ...changed, posts };
}

export const abort: Command = { guards: ["guild"], definition, handle, autocomplete: gameChoices };
