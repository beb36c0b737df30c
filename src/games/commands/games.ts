import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetTerm } from "../../commands/ruleset-option.ts";
import { opponent } from "../../engine/index.ts";
import { nextMoveNumber } from "../../engine/internal.ts";
import { term, user } from "../../i18n/index.ts";
import { SIDE_NAME } from "../../i18n/terms.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import { messageLink, type Response } from "../../interactions/reply.ts";
import { fitContent } from "../../interactions/text-budget.ts";
import { relativeTime } from "../../interactions/views/parts.ts";
import { seatOf, userOf } from "../snapshot.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:games.name",
  "commands:games.description",
);

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const games = ctx.app.games.activeFor(guildId, ctx.userId);
  if (games.length === 0) return { mode: "reply", reply: { content: ctx.t("replies:games.none"), ephemeral: true } };
  const lines = games.map((game) => {
    const { row } = game;
    const seat = seatOf(row, ctx.userId) ?? 0;
    const turn = game.state.position.toMove === seat ? "replies:games.yourMove" : "replies:games.theirMove";
    // The move about to be played, numbered as the record will write it ("move 23 (North)": 23… e).
    const next = nextMoveNumber(game.state.movers, game.state.position.toMove);
    const deadline = row.deadlineAt ? ctx.t("replies:games.deadline", { when: relativeTime(row.deadlineAt) }) : "";
    const board = messageLink(row);
    const link = board ? ` · ${board}` : "";
    const line = ctx.t("replies:games.line", {
      id: row.id,
      ruleset: rulesetTerm(game.state.ruleset),
      opponent: user(userOf(row, opponent(seat))),
      move: next.number,
      side: term(SIDE_NAME[next.side]),
      turn: term(turn),
    });
    return `${line}${deadline}${link}`;
  });
  // With real ids a line is about 200 characters: ten games already fill Discord's 2000.
  const content = fitContent([
    { items: lines, more: (left) => ctx.t("replies:games.more", { left, total: games.length }) },
  ]);
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const games: Command = { definition, handle };
