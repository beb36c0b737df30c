/**
 * The competitive layer as the game and challenge services see it (`CompetitionHooks`): one place
 * that settles a challenge's terms, a game's terms, and what a game's end changes: ratings first,
 * then the ladder, then the series (which may create the next game). All inside the caller's
 * synchronous transaction.
 */
import type { Tx } from "../db/client.ts";
import type { ChallengeRow, GameRow } from "../db/schema.ts";
import { UserError } from "../errors.ts";
import type { ChallengeDraft, ChallengeTerms, CompetitionHooks, GameTerms } from "../games/hooks.ts";
import type { SettingsService } from "../games/settings.ts";
import { requireLadder } from "./ladder-service.ts";
import { checkLadderChallenge, LADDER_ANSWER_MS, refreshLadder, settleLadder, touch } from "./ladder-store.ts";
import { pairLimitNote } from "./pair-limit.ts";
import { rateEndedGame, rebuildAfterVoid } from "./rating-cache.ts";
import { afterSeriesGame, checkSeriesChallenge, createSeries } from "./series-store.ts";

export class Competition implements CompetitionHooks {
  constructor(
    private readonly settings: SettingsService,
    /** Users whose games are never rated: the bot itself once it plays (the computer opponent). */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

  challengeTerms(tx: Tx, draft: ChallengeDraft, now: number, defaultExpiry: number): ChallengeTerms {
    const { guildId, challengerId, opponentId, kind } = draft;
    if (kind !== "game" && opponentId === null) {
      throw new UserError("challenge/needs-opponent", `A ${kind} challenge needs an opponent.`);
    }
    let expiresAt = defaultExpiry;
    if (kind === "ladder" && opponentId) {
      const { inactiveDays } = requireLadder(this.settings, guildId, tx);
      const key = { guildId, ruleset: draft.ruleset };
      refreshLadder(tx, key, now, inactiveDays);
      checkLadderChallenge(tx, key, challengerId, opponentId);
      touch(tx, key, [challengerId], now);
      // Declining or not answering is a loss, so the challenged player gets time to see it.
      expiresAt = now + LADDER_ANSWER_MS;
    }
    if (kind === "series" && opponentId) checkSeriesChallenge(tx, guildId, challengerId, opponentId, draft.firstTo);
    const note = draft.rated && opponentId ? this.pairNote(tx, guildId, challengerId, opponentId, now) : null;
    return { rated: draft.rated && note === null, note, expiresAt };
  }

  gameTerms(tx: Tx, challenge: ChallengeRow, acceptedBy: string, southId: string, now: number): GameTerms {
    // The limit is checked again: other games between the two may have started since the challenge.
    const note = challenge.rated ? this.pairNote(tx, challenge.guildId, challenge.challengerId, acceptedBy, now) : null;
    const rated = challenge.rated && note === null;
    const terms = { rated, seriesId: null, seriesGame: null, ladderChallengerId: null, note: note ?? challenge.note };
    if (challenge.kind === "series") {
      const s = createSeries(tx, challenge, acceptedBy, southId, rated, now);
      return { ...terms, seriesId: s.id, seriesGame: 1 };
    }
    if (challenge.kind === "ladder") {
      touch(tx, { guildId: challenge.guildId, ruleset: challenge.ruleset }, [challenge.challengerId, acceptedBy], now);
      return { ...terms, ladderChallengerId: challenge.challengerId };
    }
    return terms;
  }

  challengeRefused(tx: Tx, challenge: ChallengeRow, now: number): void {
    if (challenge.kind !== "ladder" || !challenge.opponentId) return;
    // Declining or letting a ladder challenge expire counts as a loss for the challenged player.
    settleLadder(
      tx,
      { guildId: challenge.guildId, ruleset: challenge.ruleset },
      challenge.challengerId,
      challenge.opponentId,
      true,
      now,
    );
  }

  gameEnded(tx: Tx, row: GameRow, now: number): void {
    rateEndedGame(tx, row, this.bots);
    if (row.ladderChallengerId && row.status === "finished") {
      const challenger = row.ladderChallengerId;
      const target = challenger === row.southId ? row.northId : row.southId;
      const challengerSeat = challenger === row.southId ? 0 : 1;
      settleLadder(
        tx,
        { guildId: row.guildId, ruleset: row.ruleset },
        challenger,
        target,
        row.winner === challengerSeat,
        now,
      );
    }
    afterSeriesGame(tx, row, now);
  }

  gameVoided(tx: Tx, row: GameRow): void {
    rebuildAfterVoid(tx, row, this.bots);
  }

  private pairNote(tx: Tx, guildId: string, a: string, b: string, now: number): string | null {
    return pairLimitNote(tx, guildId, a, b, this.settings.get(guildId, tx).ratedPairsPerDay, now);
  }
}
