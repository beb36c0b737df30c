/**
 * The knockout: a bracket seeded by rating at the start, each match a first-to-N series (knockout-store.ts
 * over the pure core); a match starts as soon as both its feeders are decided. Nobody enters after the start;
 * a player who leaves is withdrawn and gives their match away. It is over when the final is decided.
 */
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "../../competition/series-store.ts";
import { UserError } from "../../errors.ts";
import { term } from "../../i18n/index.ts";
import {
  abandonSeries,
  forfeitMatch,
  knockoutDecided,
  knockoutMatches,
  knockoutTable,
  seriesDecided,
  startKnockout,
  startReadyMatches,
} from "../knockout-store.ts";
import type { FormatRules } from "./format.ts";

export const knockout: FormatRules<"knockout"> = {
  id: "knockout",

  terms(options) {
    const firstTo = options.firstTo ?? DEFAULT_FIRST_TO;
    if (!Number.isInteger(firstTo) || firstTo < 1 || firstTo > MAX_FIRST_TO) {
      throw new UserError("series/first-to", { max: MAX_FIRST_TO });
    }
    // The bracket's rounds are known at the start, from the field.
    return { rounds: 0, minutes: null, firstTo };
  },

  // The bracket is drawn at the start.
  entriesOpen: () => false,
  leaving: "withdraw",
  withdrawn: forfeitMatch,
  cancelled: abandonSeries,

  start: startKnockout,
  // Only a decided series moves the bracket on (its other games make the series' next game).
  movesOn: (tx, _t, ended) => ended.seriesId !== null && seriesDecided(tx, ended.seriesId),
  // Paused: the ready matches wait for the resume.
  pair: (tx, t, now) => (t.status === "running" ? startReadyMatches(tx, t, now) : t),
  isOver: (tx, t) => t.status === "running" && knockoutDecided(tx, t),

  standings: (db, t, played) =>
    knockoutTable(db, t).map((s) => ({ ...s, tieBreaks: [], played: played.get(s.id) ?? 0, onFire: false })),
  matches: knockoutMatches,

  show: {
    name: "game:tournament.format.knockout",
    length: (t) => term("game:tournament.length.firstTo", { count: t.firstTo ?? 0 }),
    announces: "as-paired",
    // A match's first game: the games after it are its series' own (posted as a series posts them).
    freshGames: (_t, games) => games.filter((g) => g.status === "active" && g.messageId === null && g.seriesGame === 1),
    // Unused while the bracket's matches are announced under their rounds (views/knockout-text.ts).
    roundHead: "game:tournament.round",
    pairingLine: "game:tournament.board",
    gameLine: "game:tournament.game",
    finishedLine: "game:tournament.status.over",
    timed: false,
    table: "bracket",
    images: ["bracket"],
  },
};
