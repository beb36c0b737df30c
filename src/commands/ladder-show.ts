import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS, type RulesetId } from "../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { fitContent } from "../interactions/text-budget.ts";
import { formatRating } from "../ladders/standings.ts";
import { describeLadder } from "../present/images.ts";
import type { Command } from "./command.ts";
import { requireGuild, rulesetOption, rulesetOrDefault, VIEW_RULESET } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("show")
  .setDescription("The challenge ladder's rungs")
  .addStringOption((o) => rulesetOption(o, VIEW_RULESET));

/** Rungs drawn in the image. */
const DRAWN = 20;
/** A ladder game this recent is marked on the ladder (who climbed, who was pushed down). */
const RECENT_MS = 7 * 24 * 60 * 60_000;

interface Moved {
  readonly moved: string;
  readonly direction: "up" | "down";
}

/**
 * Who the last ladder game (within a week) moved, while the rungs still show it: the winning challenger
 * above the player they beat.
 */
function lastMoves(
  ctx: HandlerContext,
  guildId: string,
  ruleset: RulesetId,
  order: readonly string[],
): Map<string, Moved> {
  const moves = new Map<string, Moved>();
  const game = ctx.app.games.lastLadderGame(guildId, ruleset, ctx.app.clock.now() - RECENT_MS);
  if (!game?.ladderChallengerId || game.winner === null) return moves;
  const challenger = game.ladderChallengerId;
  const target = challenger === game.southId ? game.northId : game.southId;
  const won = (game.winner === 0 ? game.southId : game.northId) === challenger;
  const mine = order.indexOf(challenger);
  const theirs = order.indexOf(target);
  if (!won || mine < 0 || theirs !== mine + 1) return moves;
  moves.set(challenger, { moved: `took rung ${mine + 1}`, direction: "up" });
  moves.set(target, { moved: "down 1", direction: "down" });
  return moves;
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = rulesetOrDefault(ctx, options);
  const { app } = ctx;
  const { rungs, dropped } = app.ladders.show({ guildId, ruleset });
  const title = `${RULESETS[ruleset].name} ladder`;
  const moved = lastMoves(
    ctx,
    guildId,
    ruleset,
    rungs.map((r) => r.userId),
  );
  const dropLine = dropped.length
    ? [
        `Dropped for inactivity: ${dropped
          .slice(0, 10)
          .map((u) => `<@${u}>`)
          .join(", ")}${dropped.length > 10 ? ` and ${dropped.length - 10} more` : ""}`,
      ]
    : [];
  // The text lists as many rungs as fit in a message, the image the first DRAWN.
  const content = fitContent([
    {
      head: [
        `**${title}** · challenge up to 3 rungs above you with /nickar ladder challenge`,
        ...(rungs.length
          ? []
          : [`Nobody is on the ${RULESETS[ruleset].name} ladder yet: /nickar ladder join ruleset:${ruleset}`]),
      ],
      items: rungs.map((r) => {
        const move = moved.get(r.userId);
        const mark = move ? ` ${move.direction === "up" ? "▲" : "▼"} ${move.moved}` : "";
        return `\`${String(r.rung).padStart(3)}.\` <@${r.userId}>${mark}`;
      }),
      more: (left) => `…and ${left} more.`,
    },
    { head: dropLine },
  ]);
  const ratings = new Map(app.ratings.leaderboard(guildId, ruleset).entries.map((e) => [e.userId, e]));
  return {
    mode: "reply",
    reply: {
      content,
      mentions: [],
      image: async () => {
        const drawn = await Promise.all(
          rungs.slice(0, DRAWN).map(async (r) => {
            const rating = ratings.get(r.userId);
            return {
              name: (await app.displayName(guildId, r.userId)) || `player ${r.rung}`,
              detail: rating ? formatRating(rating) : "unrated",
              ...moved.get(r.userId),
            };
          }),
        );
        const more = Math.max(0, rungs.length - DRAWN);
        return {
          name: `nickar-ladder-${ruleset}.png`,
          data: await app.images.ladderPng(title, drawn, more),
          description: describeLadder(title, drawn, more),
        };
      },
    },
  };
}

export const ladderShow: Command = { guards: ["guild"], group: "ladder", definition, handle };
