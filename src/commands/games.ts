import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import { seatOf, userOf } from "../games/snapshot.ts";
import type { HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { fitContent } from "../interactions/text-budget.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder().setName("games").setDescription("Your games in progress");

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const games = ctx.app.games.activeFor(guildId, ctx.userId);
  if (games.length === 0)
    return { mode: "reply", reply: { content: "You have no game in progress.", ephemeral: true } };
  const lines = games.map((game) => {
    const { row } = game;
    const seat = seatOf(row, ctx.userId) ?? 0;
    const turn = game.state.position.toMove === seat ? "**your move**" : "their move";
    const deadline = row.deadlineAt ? ` · time runs out <t:${Math.floor(row.deadlineAt / 1000)}:R>` : "";
    const link = row.messageId
      ? ` · https://discord.com/channels/${row.guildId}/${row.channelId}/${row.messageId}`
      : "";
    const opponent = userOf(row, seat === 0 ? 1 : 0);
    return `\`${row.id}\` ${RULESETS[game.state.ruleset].name} vs <@${opponent}> · move ${row.ply + 1} · ${turn}${deadline}${link}`;
  });
  // With real ids a line is about 200 characters: ten games already fill Discord's 2000.
  const content = fitContent([{ items: lines, more: (left) => `…and ${left} more (${games.length} in all).` }]);
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const games: Command = { guards: ["guild"], definition, handle };
