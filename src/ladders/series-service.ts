/** Series for the commands and views: score lines, the next game to post, resigning, standings. */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { type GameRow, type SeriesRow, series } from "../db/schema.ts";
import { UserError } from "../errors.ts";
import type { GameService } from "../games/service.ts";
import { type GameSnapshot, snapshotOf } from "../games/snapshot.ts";
import type { SeriesScore } from "./series.ts";
import {
  activeSeriesGame,
  activeSeriesOf,
  resignSeries,
  scoreOf,
  seriesGameNote,
  seriesGames,
  seriesOpponent,
} from "./series-store.ts";

export interface SeriesSummary {
  readonly series: SeriesRow;
  readonly score: SeriesScore;
  /** Games created so far, the one in progress included. */
  readonly games: number;
}

export interface SeriesRecord {
  readonly userId: string;
  readonly won: number;
  readonly lost: number;
}

export interface SeriesStandings {
  readonly running: readonly SeriesSummary[];
  /** Latest first. */
  readonly finished: readonly SeriesSummary[];
  /** Series won and lost per player, the most successful first. */
  readonly records: readonly SeriesRecord[];
}

function summaryOf(tx: Tx | Db, s: SeriesRow): SeriesSummary {
  const rows = seriesGames(tx, s.id);
  return { series: s, score: scoreOf(s, rows), games: rows.length };
}

/** Series records, champion first: most won, then fewest lost, then user id. */
export function seriesRecords(decided: readonly SeriesRow[]): SeriesRecord[] {
  const records = new Map<string, { won: number; lost: number }>();
  const get = (id: string) => records.get(id) ?? records.set(id, { won: 0, lost: 0 }).get(id)!;
  for (const s of decided) {
    if (!s.winnerId) continue;
    get(s.winnerId).won++;
    get(seriesOpponent(s, s.winnerId)).lost++;
  }
  return [...records.entries()]
    .map(([userId, r]) => ({ userId, ...r }))
    .sort((a, b) => b.won - a.won || a.lost - b.lost || (a.userId < b.userId ? -1 : 1));
}

export class SeriesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: GameService,
  ) {}

  summary(seriesId: string): SeriesSummary | null {
    const s = this.db.select().from(series).where(eq(series.id, seriesId)).get();
    return s ? summaryOf(this.db, s) : null;
  }

  /** Why this series game is unrated although its series is rated (the pair limit), or null. */
  gameNote(game: GameRow): string | null {
    if (!game.seriesId) return null;
    const s = this.db.select().from(series).where(eq(series.id, game.seriesId)).get();
    return s ? seriesGameNote(s, game) : null;
  }

  /** The game a series game's end created and nobody has posted yet (it has no message). */
  unposted(seriesId: string): GameSnapshot | null {
    const row = activeSeriesGame(this.db, seriesId);
    return row && row.messageId === null ? snapshotOf(row) : null;
  }

  activeFor(guildId: string, userId: string): SeriesRow[] {
    return activeSeriesOf(this.db, guildId, userId);
  }

  /**
   * `userId` resigns their series (against `opponentId` when they have several): the opponent wins
   * the series, and the game in progress is resigned too (through the game service, in this transaction).
   */
  resign(
    guildId: string,
    userId: string,
    opponentId: string | null,
  ): { summary: SeriesSummary; game: GameSnapshot | null } {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const mine = this.activeFor(guildId, userId).filter(
        (s) => opponentId === null || s.playerA === opponentId || s.playerB === opponentId,
      );
      if (mine.length === 0) throw new UserError("series/none", "You have no series in progress here.");
      if (mine.length > 1) {
        throw new UserError(
          "series/which",
          "You have several series in progress: choose one with the opponent option.",
        );
      }
      const resigned = resignSeries(tx, mine[0], userId, now);
      const active = activeSeriesGame(tx, resigned.id);
      // The series is already closed, so this game's end creates no next game.
      const game = active ? this.games.resign(active.id, userId, null) : null;
      return { summary: summaryOf(tx, resigned), game };
    }, IMMEDIATE);
  }

  standings(guildId: string, finishedLimit = 10): SeriesStandings {
    const running = this.db
      .select()
      .from(series)
      .where(and(eq(series.guildId, guildId), eq(series.status, "active")))
      .orderBy(desc(series.createdAt))
      .all();
    const decided = this.db
      .select()
      .from(series)
      .where(and(eq(series.guildId, guildId), inArray(series.status, ["finished", "resigned"])))
      .orderBy(desc(series.finishedAt))
      .all();
    return {
      running: running.map((s) => summaryOf(this.db, s)),
      finished: decided.slice(0, finishedLimit).map((s) => summaryOf(this.db, s)),
      records: seriesRecords(decided),
    };
  }
}
