import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { requireChannelPermissions } from "../interactions/permissions.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import {
  challengeResponse,
  parseTime,
  requireGuild,
  rulesetOption,
  rulesetOrDefault,
  timeOption,
  VIEW_RULESET,
} from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("challenge")
  .setDescription("Challenge a player up to 3 rungs above you; win and you take their rung")
  .addUserOption((o) => o.setName("opponent").setDescription("Who to challenge").setRequired(true))
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET))
  .addStringOption((o) => timeOption(o, "Time per move (default: the server's)"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  requireChannelPermissions(ctx);
  const challenge = ctx.app.challenges.create({
    guildId,
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: options.getUser("opponent"),
    ruleset: rulesetOrDefault(ctx, options),
    timeLimit: parseTime(options.getString("time")),
    kind: "ladder",
  });
  return challengeResponse(challenge);
}

export const ladderChallenge: Command = { guards: ["guild"], group: "ladder", definition, handle };
