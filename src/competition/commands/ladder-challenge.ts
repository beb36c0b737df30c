import { SlashCommandSubcommandBuilder } from "discord.js";
import { challengeResponse } from "../../challenges/commands/challenge-input.ts";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetOption, VIEW_RULESET } from "../../commands/ruleset-option.ts";
import { parseTime, timeOption } from "../../commands/time-option.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import { requireChannelPermissions } from "../../interactions/permissions.ts";
import type { Response } from "../../interactions/reply.ts";
import { ladderRuleset } from "./ladder-ruleset.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:ladderChallenge.name",
  "commands:ladderChallenge.description",
)
  .addUserOption((o) => localized(o, "commands:option.opponent", "commands:ladderChallenge.opponent").setRequired(true))
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET))
  .addStringOption((o) => timeOption(o, "commands:shared.time"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  requireChannelPermissions(ctx);
  const challenge = ctx.app.challenges.create({
    guildId,
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: options.getUser("opponent"),
    ruleset: ladderRuleset(ctx, options),
    timeLimit: parseTime(options.getString("time")),
    kind: "ladder",
  });
  return challengeResponse(ctx, challenge);
}

export const ladderChallenge: Command = { definition, handle };
