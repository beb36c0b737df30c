// Tournaments for the service-level tests: a field of numbered players, a tournament they all entered, its
// games in progress. The ids start at `first`, so that each test file's players stay apart from the others'.
import type { NewTournament } from "../../src/tournaments/tournament-service.ts";
import { CHANNEL, DEFAULTS, GUILD, type World } from "./helpers.ts";

export function tournamentField(w: World, first: number) {
  const players = (n: number) => Array.from({ length: n }, (_, i) => String(first + i));
  const entered = (ids: readonly string[], extra: Partial<NewTournament>) => {
    const t = w.app.tournaments.create({
      guildId: GUILD,
      channelId: CHANNEL,
      ruleset: "abapa",
      timeLimit: DEFAULTS.timeLimit,
      rated: true,
      createdBy: String(first + 998),
      ...extra,
    });
    for (const id of ids) w.app.tournaments.join(t.id, id);
    return t;
  };
  const active = (id: string) => w.app.tournaments.view(id).games.filter((g) => g.status === "active");
  return { players, entered, active };
}
