import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetOption, rulesetOrDefault, VIEW_RULESET } from "../../commands/ruleset-option.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { leaderboardReply } from "../views/leaderboard.ts";
import { seasonNumber } from "./season-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:leaderboard.name",
  "commands:leaderboard.description",
)
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET))
  .addIntegerOption((o) => localized(o, "commands:option.season", "commands:shared.season").setMinValue(1));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = rulesetOrDefault(ctx, options);
  const season = seasonNumber(ctx, options.getInteger("season"));
  // Posted in the channel: in the server's language, and saying nothing of the caller ("My rank" does, privately).
  const request = { guildId, ruleset, season, page: 0, userId: ctx.userId };
  return { mode: "reply", reply: leaderboardReply(ctx.app, request, ctx.tServer) };
}

export const leaderboard: Command = { definition, handle };
