import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { runDue } from "../../src/discord/scheduler.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { Response } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { finish } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** Alice challenges Bob to a series (Alice South in game 1); Bob accepts. Returns game 1's id. */
async function startSeries(values: Parameters<typeof options>[0] = {}): Promise<{ gameId: string; res: Response }> {
  const res = await COMMANDS["series challenge"].handle(
    w.ctx(ALICE),
    options({ opponent: { id: BOB }, first: "me", ...values }),
  );
  w.app.challenges.bindMessage(res.bind!.id, "series-msg");
  const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  return { gameId: accepted.bind!.id, res: accepted };
}

/** Ends a series game and binds the next game's post as the router would; returns the next game id. */
async function playSeriesGame(gameId: string, winner: string | null): Promise<{ next: string | null; res: Response }> {
  const { row } = w.app.games.get(gameId)!;
  const result = winner === null ? "draw" : winner === row.southId ? "south" : "north";
  const res = await finish(w, gameId, result);
  const post = res.posts?.find((p) => p.bindGame);
  if (post?.bindGame) w.app.games.bindMessage(post.bindGame, post.channelId, `msg-${post.bindGame}`);
  return { next: post?.bindGame ?? null, res };
}

describe("first-to-six series", () => {
  it("series - first to six with draws not counting and South alternating - a full series", async () => {
    // No pair limit here, so all twelve games are rated (the limit is tested in series-pair-limit).
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx("admin", { canManageGuild: true }),
      options({ pair_limit: 0 }),
    );
    const { gameId, res } = await startSeries();
    expect(res.reply.content).toContain("The series is on! This is game 1.");
    expect(res.notices?.[0].text).toContain(" · you move first");
    expect(res.reply.content).toContain("series game 1");
    expect(res.reply.content).toContain(`Series, first to 6: <@${ALICE}> 0-0 <@${BOB}>`);

    // A = Alice wins, B = Bob wins, x = draw: Alice reaches six in game 12.
    const script = [..."ABxABABAAxBA"];
    const souths: string[] = [];
    let current: string | null = gameId;
    for (const [i, c] of script.entries()) {
      expect(current).not.toBeNull();
      const game = w.app.games.get(current!)!;
      expect(game.row).toMatchObject({ seriesGame: i + 1, status: "active", rated: true });
      souths.push(game.row.southId);
      const { next, res: ended } = await playSeriesGame(current!, c === "x" ? null : c === "A" ? ALICE : BOB);
      if (i < script.length - 1) {
        // Both players told of the result (the game's notice), then the next game.
        expect(ended.notices?.[0].text).toContain("is over:");
        expect(ended.posts).toHaveLength(1);
        expect(ended.posts![0].reply.content).toContain(`Game ${i + 2} of the series`);
        expect(ended.posts![0].channelId).toBe(CHANNEL);
      }
      current = next;
    }
    expect(current).toBeNull();
    expect(souths).toEqual(script.map((_, i) => (i % 2 === 0 ? ALICE : BOB)));

    const summary = w.app.series.activeFor(GUILD, ALICE);
    expect(summary).toEqual([]);
    const standings = await COMMANDS["series standings"].handle(w.ctx(CAROL), options());
    expect(standings.reply.content).toContain(`<@${ALICE}> 1–0 · champion`);
    expect(standings.reply.content).toContain(`<@${BOB}> 0–1`);
    expect(standings.reply.content).toContain(
      `Oware Abapa, first to 6: <@${ALICE}> 6-4 <@${BOB}>, 2 drawn · won by <@${ALICE}>`,
    );

    // The last game's message says who won the series; each game was rated on its own.
    const lastGame = w.app.games.get(w.app.games.history(GUILD, ALICE, 1).rows[0].id)!;
    const { gameMessage } = await import("../../src/games/views/game-message.ts");
    expect(gameMessage(w.app, lastGame).content).toContain(`**<@${ALICE}> wins the series 6–4, 2 drawn** (first to 6)`);
    expect(w.app.ratings.stats(GUILD, "abapa", ALICE).standing).toMatchObject({
      games: 12,
      wins: 6,
      draws: 2,
      losses: 4,
    });
  });

  it("series - footer and content carry the score - game message after a win", async () => {
    const seen: (string | undefined)[] = [];
    w.app = {
      ...w.app,
      images: {
        ...w.app.images,
        boardPng: async (_g, _n, look) => {
          seen.push(look?.footer);
          return Buffer.from("png");
        },
      },
    };
    const { gameId } = await startSeries({ first_to: 2 });
    const { res } = await playSeriesGame(gameId, BOB);
    // The resignation came from the confirmation message: the game's own message is edited.
    const board = res.edits![0].reply;
    expect(board.content).toContain(`Series, first to 2: <@${ALICE}> 0-1 <@${BOB}>`);
    await board.image!();
    expect(seen).toEqual(["Series A 0-1 B · first to 2"]);
  });

  it("series resign - the opponent wins the series and the game in progress - mid-series", async () => {
    const { gameId } = await startSeries({ first_to: 3 });
    const { next } = await playSeriesGame(gameId, ALICE);
    await expect(async () => COMMANDS.abort.handle(w.ctx(ALICE), options())).rejects.toMatchObject({
      code: "abort/committed-series",
    });
    const res = await COMMANDS["series resign"].handle(w.ctx(ALICE), options());
    expect(res.reply.content).toContain(
      `<@${ALICE}> resigned the series: **<@${BOB}> wins it** (<@${ALICE}> 1-1 <@${BOB}>)`,
    );
    expect(res.edits?.[0].ref.messageId).toBe(`msg-${next}`);
    expect(w.app.games.get(next!)!.row).toMatchObject({ status: "finished", reason: "resign" });
    // No game 3 was created.
    expect(w.app.series.unposted(w.app.games.get(next!)!.row.seriesId!)).toBeNull();
    expect(w.app.games.activeFor(GUILD, BOB)).toEqual([]);
    await expect(async () => COMMANDS["series resign"].handle(w.ctx(BOB), options())).rejects.toMatchObject({
      code: "series/none",
    });
    const standings = await COMMANDS["series standings"].handle(w.ctx(CAROL), options());
    expect(standings.reply.content).toContain(`won by <@${BOB}>, by resignation`);
  });

  it("series - unrated series leave ratings alone - rated false", async () => {
    const { gameId } = await startSeries({ rated: false, first_to: 1 });
    await playSeriesGame(gameId, ALICE);
    expect(w.app.ratings.stats(GUILD, "abapa", ALICE).standing).toBeNull();
  });

  it("series challenge - refused - a second series between the same players, or no opponent", async () => {
    await startSeries();
    await expect(async () =>
      COMMANDS["series challenge"].handle(w.ctx(BOB), options({ opponent: { id: ALICE } })),
    ).rejects.toMatchObject({ code: "series/running" });
    await expect(async () =>
      w.app.challenges.create({
        guildId: GUILD,
        channelId: CHANNEL,
        challengerId: CAROL,
        opponent: null,
        kind: "series",
      }),
    ).rejects.toMatchObject({ code: "challenge/needs-opponent-series" });
  });

  it("series - the next game is posted by the scheduler - a game lost on time", async () => {
    const { gameId } = await startSeries({ time: "5m" });
    const sent: { channelId: string; content: string }[] = [];
    const messenger: Messenger = {
      edit: async () => {},
      send: async (channelId, reply) => {
        sent.push({ channelId, content: reply.content });
        return `posted-${sent.length}`;
      },
      direct: async () => null,
      remove: async () => {},
    };
    const notices: string[] = [];
    w.clock.advance(5 * 60_000);
    await runDue(w.app, messenger, pino({ level: "silent" }), {
      notices: { post: async (notice) => void notices.push(notice.text) },
    });
    // Alice never moved in game 1: in a series that is a loss on time, not an abort.
    expect(w.app.games.get(gameId)!.row).toMatchObject({ status: "finished", reason: "timeout", winner: 1 });
    expect(sent.map((s) => s.content)).toEqual([expect.stringContaining("Game 2 of the series")]);
    expect(notices).toEqual([expect.stringContaining("ran out of time")]);
    const game2 = w.app.games.activeFor(GUILD, BOB)[0];
    expect(game2.row).toMatchObject({ seriesGame: 2, southId: BOB, messageId: "posted-1" });
  });

  it("series - abandoned without a result - an admin cancels one of its games", async () => {
    const { gameId } = await startSeries();
    await COMMANDS["nickar-admin cancel"].handle(
      w.ctx(CAROL, { canManageGuild: true }),
      options({ game: gameId, reason: "bug" }),
    );
    const standings = await COMMANDS["series standings"].handle(w.ctx(CAROL), options());
    // In nobody's record, but still in the standings, marked abandoned.
    expect(standings.reply.content).toContain("No series decided yet.");
    expect(standings.reply.content).toMatch(
      /\*\*Finished\*\*\n- .*first to 6: .* · \*\*abandoned\*\*: an admin cancelled one of its games/,
    );
    expect(standings.reply.content).not.toContain("None yet.");
    expect(w.app.series.activeFor(GUILD, ALICE)).toEqual([]);
    expect(w.app.games.activeFor(GUILD, ALICE)).toEqual([]);
  });
});
