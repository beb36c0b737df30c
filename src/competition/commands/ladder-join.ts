import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetOption, rulesetTerm, VIEW_RULESET } from "../../commands/ruleset-option.ts";
import { user } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { ladderRuleset } from "./ladder-ruleset.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:ladderJoin.name",
  "commands:ladderJoin.description",
).addStringOption((o) => rulesetOption(o, VIEW_RULESET));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = ladderRuleset(ctx, options, "join");
  const { rung, joined } = ctx.app.ladders.join({ guildId, ruleset }, ctx.userId);
  // Joining is announced in the channel (the server's language); "already there" is for the caller only.
  const content = joined
    ? ctx.tServer("replies:ladder.joined", { user: user(ctx.userId), ruleset: rulesetTerm(ruleset), rung })
    : ctx.t("replies:ladder.already", { ruleset: rulesetTerm(ruleset), rung });
  return { mode: "reply", reply: { content, mentions: [], ephemeral: !joined } };
}

export const ladderJoin: Command = { definition, handle };
