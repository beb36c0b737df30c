import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetOption, rulesetTerm, VIEW_RULESET } from "../../commands/ruleset-option.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { ladderRuleset } from "./ladder-ruleset.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:ladderLeave.name",
  "commands:ladderLeave.description",
).addStringOption((o) => rulesetOption(o, VIEW_RULESET));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = ladderRuleset(ctx, options);
  ctx.app.ladders.leave({ guildId, ruleset }, ctx.userId);
  const content = ctx.t("replies:ladder.left", { ruleset: rulesetTerm(ruleset) });
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const ladderLeave: Command = { definition, handle };
