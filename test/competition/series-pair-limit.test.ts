/**
 * The pair limit (rated games two players may start against each other in 24 hours) applied to every
 * game when it is created: each game of a series, and a challenge's game when it is accepted, in
 * both directions.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChallengeInput } from "../../src/challenges/challenges.ts";
import { gamePost } from "../../src/competition/views/series-posts.ts";
import { gameMessage } from "../../src/games/views/game-message.ts";
import { type Note, noteText } from "../../src/i18n/note.ts";
import { discordTranslator } from "../../src/interactions/speech.ts";
import { ALICE, BOB, CHANNEL, DAY, GUILD, setup, type World } from "../support/helpers.ts";

/** A note as an English reader sees it. */
const said = (note: Note | string | null) => (note === null ? null : noteText(discordTranslator("en"), note));

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

function challenge(extra: Partial<ChallengeInput> = {}) {
  return w.app.challenges.create({
    guildId: GUILD,
    channelId: CHANNEL,
    challengerId: ALICE,
    opponent: { id: BOB, bot: false },
    first: "me",
    ...extra,
  });
}

/** Bob accepts; returns the game and the note the start message carries. */
function accept(id: string) {
  return w.app.challenges.accept(id, BOB);
}

/** The loser resigns. */
function win(gameId: string, winner: string): void {
  const { row } = w.app.games.get(gameId)!;
  w.app.games.resign(gameId, row.southId === winner ? row.northId : row.southId, null);
}

const ratedGames = (userId: string) => w.app.ratings.stats(GUILD, "abapa", userId).standing?.games ?? 0;

describe("pair limit and series", () => {
  it("series pair limit - games beyond the limit are unrated and say so - first to five with a limit of two", () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 2 });
    const { game } = accept(challenge({ kind: "series", firstTo: 5 }).id);
    const seriesId = game.row.seriesId!;
    const rated: boolean[] = [];
    let current = game.row.id;
    for (let i = 0; i < 5; i++) {
      const g = w.app.games.get(current)!;
      rated.push(g.row.rated);
      expect(g.row.seriesGame).toBe(i + 1);
      const note = said(w.app.series.gameNote(g.row));
      if (g.row.rated) expect(note).toBeNull();
      else {
        expect(gameMessage(w.app, g).content).toContain(`· unrated · series game ${i + 1}`);
        expect(note).toContain(`Unrated: <@${ALICE}> and <@${BOB}> had already started as many rated games`);
        expect(gamePost(w.app, g).reply.content).toContain(note);
      }
      // A day passes before game 4 ends, so game 5 is rated again.
      if (i === 3) w.clock.advance(DAY);
      win(current, ALICE);
      const next = w.app.series.unposted(seriesId);
      if (i < 4) current = next!.row.id;
      else expect(next).toBeNull();
    }
    expect(rated).toEqual([true, true, false, false, true]);
    expect(w.app.series.summary(seriesId)!.series).toMatchObject({ status: "finished", winnerId: ALICE });
    expect(ratedGames(ALICE)).toBe(3);
    expect(ratedGames(BOB)).toBe(3);
  });

  it("series pair limit - other games count too - a series started after two rated games", () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 2 });
    for (let i = 0; i < 2; i++) win(accept(challenge().id).game.row.id, BOB);
    const { game, note } = accept(challenge({ kind: "series", firstTo: 2 }).id);
    expect(game.row.rated).toBe(false);
    expect(said(note)).toContain("Unrated:");
    // The series was asked rated: its games are rated once the limit allows.
    w.clock.advance(DAY);
    win(game.row.id, ALICE);
    expect(w.app.series.unposted(game.row.seriesId!)!.row.rated).toBe(true);
  });

  it("series pair limit - no limit - every game of a long series rated", () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 0 });
    let current = accept(challenge({ kind: "series", firstTo: 8 }).id).game;
    for (let i = 0; i < 8; i++) {
      expect(current.row.rated).toBe(true);
      win(current.row.id, BOB);
      if (i < 7) current = w.app.series.unposted(current.row.seriesId!)!;
    }
    expect(ratedGames(BOB)).toBe(8);
  });

  it("series pair limit - an unrated series stays unrated - rated false", () => {
    const { game } = accept(challenge({ kind: "series", firstTo: 2, rated: false }).id);
    expect(game.row.rated).toBe(false);
    expect(w.app.series.gameNote(game.row)).toBeNull();
    win(game.row.id, ALICE);
    expect(w.app.series.unposted(game.row.seriesId!)!.row.rated).toBe(false);
  });
});

describe("pair limit on accept", () => {
  it("pair limit on accept - rated after all - the 24 hours passed before the challenge was accepted", () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 1 });
    win(accept(challenge().id).game.row.id, ALICE);
    // Five minutes before that game is a day old: still limited when challenged, no longer when accepted.
    w.clock.advance(DAY - 5 * 60_000);
    const c = challenge();
    expect(c.rated).toBe(false);
    expect(said(c.note)).toContain("Unrated:");
    w.clock.advance(5 * 60_000);
    const { game, note } = accept(c.id);
    expect(game.row.rated).toBe(true);
    expect(said(note)).toBe(
      `Rated after all: <@${ALICE}> and <@${BOB}> are within this server's limit of 1 rated game against each other in 24 hours again.`,
    );
  });

  it("pair limit on accept - rated after all - the limit was switched off meanwhile", () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 1 });
    win(accept(challenge().id).game.row.id, ALICE);
    const c = challenge({ kind: "series", firstTo: 2 });
    expect(c.rated).toBe(false);
    w.app.settings.update(GUILD, { ratedPairsPerDay: 0 });
    const { game, note } = accept(c.id);
    expect(game.row.rated).toBe(true);
    expect(said(note)).toContain("no longer limits");
  });

  it("pair limit on accept - still unrated - within the 24 hours, and a challenge asked unrated", () => {
    w.app.settings.update(GUILD, { ratedPairsPerDay: 1 });
    win(accept(challenge().id).game.row.id, ALICE);
    const limited = accept(challenge().id);
    expect(limited.game.row.rated).toBe(false);
    expect(said(limited.note)).toContain("Unrated: <@1001> and <@1002> have already started 1 rated game");
    w.clock.advance(DAY);
    const c = challenge({ rated: false });
    expect(c.note).toBeNull();
    const asked = accept(c.id);
    expect(asked.game.row.rated).toBe(false);
    expect(asked.note).toBeNull();
  });
});
