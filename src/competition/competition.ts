/**
 * The competitive layer as the game and challenge services see it (`CompetitionHooks`): one place
 * that settles a challenge's terms, a game's terms, and what a game's end changes: ratings first,
 * then the ladder, then the series (which may create the next game), then the tournament (which may
 * pair the next round). All inside the caller's synchronous transaction, with the posts it decides (the
 * ending notice, the series' next game, the tournament's) written to the outbox.
 */

import type { Tx } from "../db/client.ts";
import type { ChallengeRow, GameRow } from "../db/schema.ts";
import { opponent } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { enqueueEnding, enqueueNextGame } from "../games/endings.ts";
import type { ChallengeDraft, ChallengeTerms, CompetitionHooks, GameTerms } from "../games/hooks.ts";
import type { GuildSettings, SettingsService } from "../games/settings.ts";
import { seatOf, userOf } from "../games/snapshot.ts";
import { recordTournamentPosts } from "../tournaments/tournament-outbox.ts";
import { afterTournamentGame } from "../tournaments/tournament-progress.ts";
import { countAbsences } from "../tournaments/tournament-store.ts";
import { requireLadder } from "./ladder-service.ts";
import {
  checkLadderAccept,
  checkLadderChallenge,
  LADDER_ANSWER_MS,
  refreshLadder,
  settleLadder,
  touch,
} from "./ladder-store.ts";
import { askedRated, pairLimitNote, ratedAgainNote } from "./pair-limit.ts";
import { rateEndedGame, rebuildAfterVoid } from "./rating-cache.ts";
import { afterSeriesGame, checkSeriesChallenge, createSeries } from "./series-store.ts";

export class Competition implements CompetitionHooks {
  constructor(
    private readonly settings: SettingsService,
    /** Users whose games are never rated: the bot itself once it plays (the computer opponent). */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

  challengeTerms(
    tx: Tx,
    draft: ChallengeDraft,
    settings: GuildSettings,
    now: number,
    defaultExpiry: number,
  ): ChallengeTerms {
    const { guildId, challengerId, opponentId, kind } = draft;
    if (kind !== "game" && opponentId === null) {
      throw new UserError(kind === "ladder" ? "challenge/needs-opponent-ladder" : "challenge/needs-opponent-series");
    }
    let expiresAt = defaultExpiry;
    if (kind === "ladder" && opponentId) {
      const { inactiveDays } = requireLadder(settings);
      const key = { guildId, ruleset: draft.ruleset };
      const { rows } = refreshLadder(tx, key, now, inactiveDays);
      checkLadderChallenge(
        key,
        rows.map((r) => r.userId),
        challengerId,
        opponentId,
      );
      touch(tx, key, [challengerId], now);
      // Declining or not answering is a loss, so the challenged player gets time to see it.
      expiresAt = now + LADDER_ANSWER_MS;
    }
    if (kind === "series" && opponentId) checkSeriesChallenge(tx, guildId, challengerId, opponentId, draft.firstTo);
    const limit = settings.ratedPairsPerDay;
    const note = draft.rated && opponentId ? pairLimitNote(tx, guildId, challengerId, opponentId, limit, now) : null;
    return { rated: draft.rated && note === null, note, expiresAt };
  }

  gameTerms(
    tx: Tx,
    challenge: ChallengeRow,
    acceptedBy: string,
    southId: string,
    settings: GuildSettings,
    now: number,
  ): GameTerms {
    const { guildId, challengerId } = challenge;
    const key = { guildId, ruleset: challenge.ruleset };
    if (challenge.kind === "ladder") {
      // The rungs may have moved since the challenge: it must still be allowed now.
      const { rows } = refreshLadder(tx, key, now, settings.ladderInactiveDays);
      checkLadderAccept(
        key,
        rows.map((r) => r.userId),
        challengerId,
        acceptedBy,
      );
    }
    // The limit is judged again, both ways: other games between the two may have started since the
    // challenge, or the 24 hours that made it unrated may have passed.
    const asked = askedRated(challenge);
    const limit = settings.ratedPairsPerDay;
    const limited = asked ? pairLimitNote(tx, guildId, challengerId, acceptedBy, limit, now) : null;
    const rated = asked && limited === null;
    const note = limited ?? (rated && !challenge.rated ? ratedAgainNote(challengerId, acceptedBy, limit) : null);
    const terms = { rated, seriesId: null, seriesGame: null, ladderChallengerId: null, note };
    if (challenge.kind === "series") {
      // The series keeps what was asked; each of its games is judged against the limit when created.
      const s = createSeries(tx, challenge, acceptedBy, southId, asked, now);
      return { ...terms, seriesId: s.id, seriesGame: 1 };
    }
    if (challenge.kind === "ladder") {
      touch(tx, key, [challengerId, acceptedBy], now);
      return { ...terms, ladderChallengerId: challengerId };
    }
    return terms;
  }

  challengeRefused(tx: Tx, challenge: ChallengeRow, now: number): void {
    if (challenge.kind !== "ladder" || !challenge.opponentId) return;
    // Declining or letting a ladder challenge expire counts as a loss for the challenged player
    // (if the ladder still allows the challenge); only declining counts as their activity.
    settleLadder(
      tx,
      { guildId: challenge.guildId, ruleset: challenge.ruleset },
      challenge.challengerId,
      challenge.opponentId,
      { kind: challenge.status === "declined" ? "declined" : "expired" },
      now,
      this.settings.get(challenge.guildId, tx).ladderInactiveDays,
    );
  }

  gameEnded(tx: Tx, row: GameRow, now: number): void {
    rateEndedGame(tx, row, this.bots);
    const settings = this.settings.get(row.guildId, tx);
    const challengerSeat = row.ladderChallengerId === null ? null : seatOf(row, row.ladderChallengerId);
    if (challengerSeat !== null && row.status === "finished") {
      settleLadder(
        tx,
        { guildId: row.guildId, ruleset: row.ruleset },
        userOf(row, challengerSeat),
        userOf(row, opponent(challengerSeat)),
        { kind: "game", challengerWon: row.winner === challengerSeat },
        now,
        settings.ladderInactiveDays,
      );
    }
    // Absences first: a withdrawal gives a knockout's series away before it would create its next game.
    countAbsences(tx, row, now);
    const next = afterSeriesGame(tx, row, now, settings.ratedPairsPerDay);
    afterTournamentGame(tx, row, now);
    // Every game's ending notice is decided here (the outbox sends it if its handler crashed); then what the
    // end decided for a series (its next game) or a tournament, posted after the ending.
    enqueueEnding(tx, row, now);
    if (next) enqueueNextGame(tx, next, row, now);
    if (row.tournamentId) recordTournamentPosts(tx, row.tournamentId, now);
  }

  gameVoided(tx: Tx, row: GameRow): void {
    rebuildAfterVoid(tx, row, this.bots);
  }
}
