// How a tournament moves on through its format's rules (src/tournaments/tournament-progress.ts): while paused,
// a game's end pairs nothing and finishes nothing that waits for the organiser, and the resume does what
// waited; an arena's clock runs through a pause. Real database, games ended through the game service.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewTournament } from "../../src/tournaments/tournament-service.ts";
import { CHANNEL, DEFAULTS, GUILD, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const players = (n: number) => Array.from({ length: n }, (_, i) => String(5001 + i));

function entered(ids: readonly string[], extra: Partial<NewTournament>) {
  const t = w.app.tournaments.create({
    guildId: GUILD,
    channelId: CHANNEL,
    ruleset: "abapa",
    timeLimit: DEFAULTS.timeLimit,
    rated: true,
    createdBy: "5999",
    ...extra,
  });
  for (const id of ids) w.app.tournaments.join(t.id, id);
  return t;
}

const active = (id: string) => w.app.tournaments.view(id).games.filter((g) => g.status === "active");
/** Every game in progress ends, North resigning. */
const endAll = (id: string) => {
  for (const g of active(id)) w.app.games.resign(g.id, g.northId, null);
};

describe("tournament progress", () => {
  it("knockout - paused: decided semi-finals start no final, a final decided meanwhile finishes it only on resume - 4 players first to 1", () => {
    const t = entered(players(4), { format: "knockout", firstTo: 1 });
    w.app.tournaments.start(t.id);
    expect(active(t.id)).toHaveLength(2);
    w.app.tournaments.pause(t.id);
    endAll(t.id);
    expect(w.app.tournaments.view(t.id).matches.filter((m) => m.round === 2)).toHaveLength(0);
    expect(w.app.tournaments.resume(t.id).currentRound).toBe(2);
    expect(active(t.id)).toHaveLength(1);
    w.app.tournaments.pause(t.id);
    endAll(t.id);
    expect(w.app.tournaments.find(t.id).status).toBe("paused");
    const resumed = w.app.tournaments.resume(t.id);
    expect(resumed.status).toBe("finished");
    expect(resumed.finishedByGame).toBeNull();
  });

  it("swiss - paused through its last round: finished on resume, not by the round's last game - 4 players, 1 round", () => {
    const t = entered(players(4), { rounds: 1 });
    w.app.tournaments.start(t.id);
    w.app.tournaments.pause(t.id);
    endAll(t.id);
    expect(w.app.tournaments.find(t.id).status).toBe("paused");
    const resumed = w.app.tournaments.resume(t.id);
    expect([resumed.status, resumed.currentRound, resumed.finishedByGame]).toEqual(["finished", 1, null]);
  });

  it("arena - its time up while paused: finished by its last game's end, nobody paired meanwhile - 4 players", () => {
    const t = entered(players(4), { format: "arena", minutes: 10 });
    w.app.tournaments.start(t.id);
    const [first, last] = active(t.id);
    w.app.tournaments.pause(t.id);
    w.app.games.resign(first.id, first.northId, null);
    expect(active(t.id)).toHaveLength(1);
    w.clock.advance(10 * 60_000);
    w.app.games.resign(last.id, last.northId, null);
    const done = w.app.tournaments.find(t.id);
    expect([done.status, done.finishedByGame]).toEqual(["finished", last.id]);
  });
});
