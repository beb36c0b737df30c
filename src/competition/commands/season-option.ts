/** The `season` option of leaderboard and stats: a season number checked against the server's seasons. */
import { requireGuild } from "../../commands/guards.ts";
import { UserError } from "../../errors.ts";
import type { HandlerContext } from "../../interactions/context.ts";

/** The `season` option checked against the seasons there are; the current season when absent. */
export function seasonNumber(ctx: HandlerContext, season: number | null): number {
  const current = ctx.app.ratings.currentSeason(requireGuild(ctx));
  if (season === null) return current;
  if (season < 1 || season > current) {
    throw new UserError("season/unknown", { season, current });
  }
  return season;
}
