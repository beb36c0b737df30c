import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { requireGuild, rulesetOption, rulesetOrDefault, VIEW_RULESET } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("leave")
  .setDescription("Leave the challenge ladder (those below you move up)")
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = rulesetOrDefault(ctx, options);
  ctx.app.ladders.leave({ guildId, ruleset }, ctx.userId);
  return { mode: "reply", reply: { content: `You left the ${RULESETS[ruleset].name} ladder.`, ephemeral: true } };
}

export const ladderLeave: Command = { guards: ["guild"], group: "ladder", definition, handle };
