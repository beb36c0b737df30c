import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { requireGuild, rulesetOption, rulesetOrDefault, VIEW_RULESET } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("join")
  .setDescription("Join the challenge ladder (you start on the bottom rung)")
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = rulesetOrDefault(ctx, options);
  const { rung, joined } = ctx.app.ladders.join({ guildId, ruleset }, ctx.userId);
  const name = RULESETS[ruleset].name;
  const content = joined
    ? `<@${ctx.userId}> joins the ${name} ladder on rung ${rung}.`
    : `You are already on the ${name} ladder, rung ${rung}.`;
  return { mode: "reply", reply: { content, mentions: [], ephemeral: !joined } };
}

export const ladderJoin: Command = { guards: ["guild"], group: "ladder", definition, handle };
