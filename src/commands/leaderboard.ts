import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { leaderboardReply } from "../interactions/leaderboard-view.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { requireGuild, rulesetOption, rulesetOrDefault, seasonNumber, VIEW_RULESET } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("leaderboard")
  .setDescription("Ratings of this server: rank, rating, games, wins, draws and losses")
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET))
  .addIntegerOption((o) =>
    o.setName("season").setDescription("An earlier season (default: the current one)").setMinValue(1),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = rulesetOrDefault(ctx, options);
  const season = seasonNumber(ctx, options.getInteger("season"));
  return { mode: "reply", reply: leaderboardReply(ctx.app, { guildId, ruleset, season, page: 0, userId: ctx.userId }) };
}

export const leaderboard: Command = { guards: ["guild"], definition, handle };
