/**
 * The Swiss: a set number of rounds, each paired once the last has ended, by the Dutch system (the pure core,
 * through tournament-store.ts; a large field's round in a worker thread, swiss-rounds.ts); a win scores 1,
 * ties broken by Buchholz, Sonneborn-Berger and direct encounter. Late entrants join until round LAST_ENTRY_ROUND is paired, with zero points; a player who leaves
 * is withdrawn. It is over when its last round has ended (or when no pairing is left, found while pairing).
 */

import { UserError } from "../../errors.ts";
import { term } from "../../i18n/index.ts";
import { standings } from "../core/index.ts";
import { pairNextRound, roundComplete, swissRecord } from "../tournament-store.ts";
import type { FormatRules } from "./format.ts";

export const MAX_ROUNDS = 20;
/** Rounds when none are given: enough to separate a field of up to about 30. */
export const DEFAULT_ROUNDS = 5;
/** The last round a late entrant can start in (with zero points). */
export const LAST_ENTRY_ROUND = 2;

export const swiss: FormatRules<"swiss"> = {
  id: "swiss",

  terms(options) {
    const rounds = options.rounds ?? DEFAULT_ROUNDS;
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) {
      throw new UserError("tournament/rounds", { max: MAX_ROUNDS });
    }
    return { rounds, minutes: null, firstTo: null };
  },

  entriesOpen: (t) => t.currentRound < LAST_ENTRY_ROUND,
  leaving: "withdraw",

  start: (tx, t, now) => pairNextRound(tx, { ...t, status: "running" }, now),
  // A game of an earlier round (ended late by an administrator) pairs nothing.
  movesOn: (_tx, t, ended) => ended.tournamentRound === t.currentRound,
  pair(tx, t, now, byGame) {
    // A round already waiting for the pairing job (swiss-rounds.ts) is paired there.
    if (t.status !== "running" || t.pairingRound !== null) return t;
    if (t.currentRound >= t.rounds || !roundComplete(tx, t)) return t;
    return pairNextRound(tx, t, now, byGame);
  },
  isOver: (tx, t) => t.status === "running" && t.currentRound >= t.rounds && roundComplete(tx, t),

  standings: (db, t, played) =>
    standings(swissRecord(db, t)).map((s) => ({
      rank: s.rank,
      id: s.id,
      score: s.score,
      tieBreaks: [s.buchholz, s.sonnebornBerger, s.directEncounter],
      played: played.get(s.id) ?? 0,
      onFire: false,
    })),
  trfRecord: swissRecord,

  show: {
    name: "game:tournament.format.swiss",
    length: (t) => term("game:tournament.length.rounds", { count: t.rounds }),
    announces: "rounds",
    freshGames: (t, games) => games.filter((g) => g.tournamentRound === t.currentRound),
    roundHead: "game:tournament.round",
    pairingLine: "game:tournament.board",
    gameLine: "game:tournament.game",
    finishedLine: "game:tournament.status.finished",
    joinedLateLine: "game:tournament.joinedLate",
    timed: false,
    table: "tie-breaks",
    images: ["crosstable"],
  },
};
