// A large Swiss field's round paired off the event loop (src/tournaments/swiss-rounds.ts): the transaction that
// ends a round only records it as waiting, the pairing job pairs it (in a worker thread in the bot) and stores
// it once, only if the tournament still reads what the pairing read. Real database, games ended through the
// game service, the scheduler's sweep (runDue) as the bot runs it.
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../src/db/schema.ts";
import { runDue } from "../../src/discord/scheduler.ts";
import { endingKey } from "../../src/games/endings.ts";
import { translator } from "../../src/i18n/index.ts";
import { pairSwiss } from "../../src/tournaments/core/index.ts";
import { inThreadPairer, type SwissPairer, workerPairer } from "../../src/tournaments/swiss-pairer.ts";
import { roundSnapshot, storeRoundPairing } from "../../src/tournaments/swiss-rounds.ts";
import { INLINE_PAIRING_MAX } from "../../src/tournaments/tournament-store.ts";
import { statusText } from "../../src/tournaments/views/tournament.ts";
import { startTournament } from "../../src/tournaments/views/tournament-actions.ts";
import { setup, type World } from "../support/helpers.ts";
import { recordingMessenger } from "../support/recorder.ts";
import { tournamentField } from "../support/tournaments.ts";

/** Just above the largest field paired inline: its rounds wait for the pairing job. */
const FIELD = INLINE_PAIRING_MAX + 2;
const silent = pino({ level: "silent" });

let w: World;
let field: ReturnType<typeof tournamentField>;
const open: SwissPairer[] = [];
beforeEach(() => {
  w = setup();
  field = tournamentField(w, 7001);
});
afterEach(async () => {
  w.close();
  await Promise.all(open.splice(0).map((p) => p.close()));
});

/** A Swiss of FIELD players, started, its round 1 paired by the job. */
async function started(rounds = 3) {
  const t = field.entered(field.players(FIELD), { rounds });
  w.app.tournaments.start(t.id);
  expect(await w.app.tournaments.rounds.pair(t.id)).toBe("paired");
  return t;
}

/** Every game in progress ends (North resigns); returns the last one ended. */
function endRound(id: string): string {
  const active = field.active(id);
  for (const g of active) w.app.games.resign(g.id, g.northId, null);
  return active[active.length - 1].id;
}

const roundGames = (id: string, round: number) =>
  w.app.tournaments.view(id).games.filter((g) => g.tournamentRound === round);
const roundPosts = (id: string) =>
  w
    .db()
    .select()
    .from(outbox)
    .where(eq(outbox.subjectId, id))
    .all()
    .filter((r) => r.kind === "tournament-round");

describe("swiss rounds", () => {
  it("swiss rounds - a small field is paired in the transaction that ends its round - the largest inline field", () => {
    const t = field.entered(field.players(INLINE_PAIRING_MAX), { rounds: 2 });
    const s = w.app.tournaments.start(t.id);
    expect([s.currentRound, s.pairingRound]).toEqual([1, null]);
    expect(roundGames(t.id, 1)).toHaveLength(INLINE_PAIRING_MAX / 2);
    expect(w.app.tournaments.rounds.waiting()).toEqual([]);
  });

  it("swiss rounds - the round's end commits the next round as waiting, unpaired - a field above the inline limit", async () => {
    const t = await started();
    expect(roundGames(t.id, 1)).toHaveLength(FIELD / 2);
    const last = endRound(t.id);
    // Committed: another connection, as another process or the next start, reads it.
    const other = w.other();
    const seen = other.app.tournaments.find(t.id);
    other.close();
    expect([seen.status, seen.currentRound, seen.pairingRound, seen.pairingByGame]).toEqual(["running", 1, 2, last]);
    expect(roundGames(t.id, 2)).toEqual([]);
    expect(roundPosts(t.id).map((r) => r.key)).toEqual([`tournament:${t.id}:round:1`]);
    expect(w.app.tournaments.rounds.waiting()).toEqual([t.id]);
  });

  it("swiss rounds - a waiting round reads as the round under way, as an inline one did - start and round 2 of a large field", async () => {
    const en = translator("en");
    const t = field.entered(field.players(FIELD), { rounds: 3 });
    const { line } = startTournament(w.ctx(String(7001 + 998)), t.id);
    expect(line).toContain("round 1 is paired");
    expect(statusText(w.app.tournaments.view(t.id), en)).toBe("Round 1 of 3 is being played.");
    await w.app.tournaments.rounds.pair(t.id);
    endRound(t.id);
    expect(statusText(w.app.tournaments.view(t.id), en)).toBe("Round 2 of 3 is being played.");
    w.app.tournaments.pause(t.id);
    expect(statusText(w.app.tournaments.view(t.id), en)).toBe("Paused after round 1 of 3.");
  });

  it("swiss rounds - the pairing stored once, its post after the asking game's ending - paired twice", async () => {
    const t = await started();
    const last = endRound(t.id);
    expect(await w.app.tournaments.rounds.pair(t.id)).toBe("paired");
    expect(await w.app.tournaments.rounds.pair(t.id)).toBe("not-waiting");
    const after = w.app.tournaments.find(t.id);
    expect([after.currentRound, after.pairingRound, after.pairingByGame]).toEqual([2, null, null]);
    expect(roundGames(t.id, 2)).toHaveLength(FIELD / 2);
    expect(w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2)).toHaveLength(FIELD / 2);
    const posts = roundPosts(t.id);
    expect(posts.map((r) => [r.key, r.afterKey])).toEqual([
      [`tournament:${t.id}:round:1`, null],
      [`tournament:${t.id}:round:2`, endingKey(last)],
    ]);
    // What the job stored is what the Dutch system pairs from the same tournament.
    expect(w.app.tournaments.rounds.waiting()).toEqual([]);
  });

  it("swiss rounds - of two pairings of the same waiting round, the second is not stored - two processes", async () => {
    const t = await started();
    endRound(t.id);
    // Both read the waiting round before either stores its pairing.
    const first = roundSnapshot(w.db(), t.id)!;
    const second = roundSnapshot(w.db(), t.id)!;
    const pairing = pairSwiss(first.input.record, first.input.players);
    expect(second.version).toBe(first.version);
    expect(storeRoundPairing(w.db(), first, pairing, w.clock.now())).toBe("paired");
    expect(storeRoundPairing(w.db(), second, pairing, w.clock.now())).toBe("not-waiting");
    expect(roundGames(t.id, 2)).toHaveLength(FIELD / 2);
    expect(roundGames(t.id, 3)).toEqual([]);
    expect(roundPosts(t.id)).toHaveLength(2);
  });

  it("swiss rounds - no pairing left finishes the tournament, its standings after the asking game's ending - the Dutch system finds none", async () => {
    const t = await started();
    const last = endRound(t.id);
    const snap = roundSnapshot(w.db(), t.id)!;
    const none = { ok: false as const, error: { reason: "no-legal-pairing" as const, message: "none", players: [] } };
    expect(storeRoundPairing(w.db(), snap, none, w.clock.now())).toBe("finished");
    const done = w.app.tournaments.find(t.id);
    expect([done.status, done.finishedByGame, done.pairingRound, done.currentRound]).toEqual([
      "finished",
      last,
      null,
      1,
    ]);
    const final = w
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.key, `tournament:${t.id}:final`))
      .get();
    expect(final?.afterKey).toBe(endingKey(last));
    expect(w.app.tournaments.rounds.waiting()).toEqual([]);
  });

  it("swiss rounds - a pairing made before a withdrawal is refused, and paired again without the player - a stale snapshot", async () => {
    const t = await started();
    endRound(t.id);
    const snap = roundSnapshot(w.db(), t.id)!;
    const paired = pairSwiss(snap.input.record, snap.input.players);
    const leaver = field.players(FIELD)[0];
    w.app.tournaments.leave(t.id, leaver);
    expect(storeRoundPairing(w.db(), snap, paired, w.clock.now())).toBe("stale");
    expect(roundGames(t.id, 2)).toEqual([]);
    expect(w.app.tournaments.find(t.id).pairingRound).toBe(2);
    expect(await w.app.tournaments.rounds.pair(t.id)).toBe("paired");
    const round2 = w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2);
    expect(round2.flatMap((p) => [p.southId, p.northId])).not.toContain(leaver);
    // FIELD - 1 players: one bye.
    expect(round2.filter((p) => p.northId === null)).toHaveLength(1);
  });

  it("swiss rounds - a player leaving while the worker pairs makes the job pair again - withdrawal mid-pairing", async () => {
    const leaver = field.players(FIELD)[1];
    let calls = 0;
    let t!: { id: string };
    const pairer: SwissPairer = {
      async pair(input) {
        calls++;
        // The first pairing is overtaken by a withdrawal committed while it runs.
        if (calls === 2) w.app.tournaments.leave(t.id, leaver);
        return inThreadPairer.pair(input);
      },
      close: async () => {},
    };
    w.close();
    w = setup(undefined, undefined, { swissPairer: pairer });
    field = tournamentField(w, 7001);
    t = await started();
    endRound(t.id);
    expect(await w.app.tournaments.rounds.pair(t.id)).toBe("paired");
    expect(calls).toBe(3);
    const round2 = w.app.tournaments.view(t.id).pairings.filter((p) => p.round === 2);
    expect(round2.flatMap((p) => [p.southId, p.northId])).not.toContain(leaver);
  });

  it("swiss rounds - a round left waiting at a crash is paired and posted once after the restart, after the asking game's ending - worker thread", async () => {
    const pairer = workerPairer();
    open.push(pairer);
    w.close();
    w = setup(undefined, undefined, { swissPairer: pairer });
    field = tournamentField(w, 7001);
    const t = await started();
    const last = endRound(t.id);
    // The bot dies here: the round's end is committed, the round is not paired. The next start:
    w.restart();
    w.clock.advance(1);
    const { messenger, sent } = recordingMessenger();
    const read: string[] = [];
    const recording = {
      ...messenger,
      send: async (channelId: string, reply: Parameters<typeof messenger.send>[1], nonce?: string) => {
        read.push(reply.content);
        return messenger.send(channelId, reply, nonce);
      },
    };
    const notices = { post: async (n: { outboxKey?: string }) => void read.push(`notice ${n.outboxKey}`) };
    const sweep = () => runDue(w.app, recording, silent, { startedAt: w.clock.now(), notices });
    await sweep();
    const after = w.app.tournaments.find(t.id);
    expect([after.currentRound, after.pairingRound]).toEqual([2, null]);
    expect(roundGames(t.id, 2)).toHaveLength(FIELD / 2);
    expect(read.filter((c) => c.includes("round 2 of 3"))).toHaveLength(1);
    // The game whose end asked for the round is over before the round is posted.
    const header = read.findIndex((c) => c.includes("round 2 of 3"));
    expect(read.indexOf(`notice ${endingKey(last)}`)).toBeGreaterThanOrEqual(0);
    expect(read.indexOf(`notice ${endingKey(last)}`)).toBeLessThan(header);
    expect(roundGames(t.id, 2).every((g) => g.messageId !== null)).toBe(true);
    // A second sweep posts nothing more.
    const before = sent.length;
    await sweep();
    expect(sent.length).toBe(before);
  });
});
