/**
 * The arena: a set time during which whoever is free is paired at once (arena-store.ts over the pure core); a
 * win scores 2, 4 after two wins running (the flame). Players enter until its last quarter; one who leaves
 * pauses and may come back until its end. It is over when its time is up and its last game has ended.
 */
import { UserError } from "../../errors.ts";
import { term } from "../../i18n/index.ts";
import { arenaEntryDeadline, arenaOver, arenaTable, nextArenaEnd, pairArena, startArena } from "../arena-store.ts";
import type { FormatRules } from "./format.ts";

/** An arena's length when none is given: an hour, as Lichess's hourly arenas. */
export const DEFAULT_ARENA_MINUTES = 60;
/** An arena's length: at least ten minutes, at most two weeks (for games of a day a move). */
export const MIN_ARENA_MINUTES = 10;
export const MAX_ARENA_MINUTES = 14 * 24 * 60;

export const arena: FormatRules<"arena"> = {
  id: "arena",

  terms(options) {
    const minutes = options.minutes ?? DEFAULT_ARENA_MINUTES;
    if (!Number.isInteger(minutes) || minutes < MIN_ARENA_MINUTES || minutes > MAX_ARENA_MINUTES) {
      throw new UserError("tournament/minutes", { min: MIN_ARENA_MINUTES, max: MAX_ARENA_MINUTES });
    }
    return { rounds: 0, minutes, firstTo: null };
  },

  // A player who paused may come back until the end; a newcomer, until the last quarter.
  entriesOpen: (t, now, returning) => now < ((returning ? t.endsAt : arenaEntryDeadline(t)) ?? 0),
  leaving: "pause",
  entered: (tx, t, now) => {
    pairArena(tx, t, now);
  },

  start: startArena,
  // Any end frees two players.
  movesOn: () => true,
  pair: (tx, t, now) => pairArena(tx, t, now),
  isOver: arenaOver,
  nextDue: nextArenaEnd,

  standings: (db, t) => arenaTable(db, t).map((s) => ({ ...s, tieBreaks: [] })),

  show: {
    name: "game:tournament.format.arena",
    length: (t) => term("game:tournament.length.minutes", { count: t.minutes ?? 0 }),
    announces: "as-paired",
    freshGames: (t, games) => games.filter((g) => g.tournamentRound === t.currentRound),
    roundHead: "game:tournament.wave",
    pairingLine: "game:tournament.board",
    gameLine: "game:tournament.arenaGame",
    finishedLine: "game:tournament.status.over",
    timed: true,
    table: "points",
    images: [],
  },
};
