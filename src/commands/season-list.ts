import { SlashCommandSubcommandBuilder } from "discord.js";
import type { HandlerContext } from "../interactions/context.ts";
import { dateText } from "../interactions/game-viewer.ts";
import type { Response } from "../interactions/reply.ts";
import { fitLines } from "../interactions/text-budget.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("list")
  .setDescription("The rating seasons of this server");

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const seasons = ctx.app.ratings.seasons(guildId);
  const lines = seasons.map((s, i) => {
    const from = s.startedAt === null ? "the beginning" : dateText(s.startedAt);
    const next = seasons[i + 1];
    const until = next?.startedAt ? `to ${dateText(next.startedAt)}` : "(current)";
    return `Season ${s.number}: from ${from} ${until} · ${ctx.app.ratings.playersIn(guildId, s.number)} rated players`;
  });
  // Many seasons do not fit in one message: the latest are kept, the earliest summed up first.
  const earlierText = (n: number) => `(${n} earlier season${n === 1 ? "" : "s"} not shown)`;
  const { shown } = fitLines([...lines].reverse(), earlierText);
  const earlier = lines.length - shown;
  const content = [...(earlier > 0 ? [earlierText(earlier)] : []), ...lines.slice(earlier)].join("\n");
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const seasonList: Command = { guards: ["guild"], group: "season", definition, handle };
