/** The standings of any format as the views and images show them: the format's ranking, with who withdrew. */
import type { Db } from "../db/client.ts";
import type { GameRow, TournamentRow } from "../db/schema.ts";
import type { TableRow } from "./formats/format.ts";
import { formatOf } from "./formats/registry.ts";
import { tournamentEntrants, tournamentGames } from "./tournament-store.ts";

/** Games each player finished with a result (byes and games without a result left out). */
export function gamesPlayed(games: readonly GameRow[]): Map<string, number> {
  const played = new Map<string, number>();
  for (const g of games) {
    if (g.status !== "finished") continue;
    for (const id of [g.southId, g.northId]) played.set(id, (played.get(id) ?? 0) + 1);
  }
  return played;
}

export function tournamentTable(db: Db, t: TournamentRow): TableRow[] {
  const withdrawn = new Set(
    tournamentEntrants(db, t.id)
      .filter((p) => p.withdrawn)
      .map((p) => p.userId),
  );
  const played = gamesPlayed(tournamentGames(db, t.id));
  return formatOf(t)
    .standings(db, t, played)
    .map((s) => ({ ...s, withdrawn: withdrawn.has(s.id) }));
}
