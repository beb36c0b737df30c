// What knockouts, arenas and Swiss tournaments say and draw (issue #33), on a real database, the images
// rendered for real and read back by their labels: a knockout as a bracket (rounds, matches, series
// scores, who is out where), an arena that answers (a private pause, paused players marked, times that
// read as times, no draw farming), a Swiss that keeps its withdrawn players, no Rematch in a tournament.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../../src/db/schema.ts";
import { userOf } from "../../../src/games/snapshot.ts";
import { gameMessage } from "../../../src/games/views/game-message.ts";
import { translator } from "../../../src/i18n/index.ts";
import { handleButton } from "../../../src/interactions/buttons/index.ts";
import { collectLabels } from "../../../src/render/labels.ts";
import { renderTournamentImage, type TournamentImage } from "../../../src/tournaments/images/tournament-image.ts";
import { tournamentWithdrawnPosts } from "../../../src/tournaments/jobs/tournament-outbox-posts.ts";
import type { NewTournament } from "../../../src/tournaments/tournament-service.ts";
import { roundText, standingsText, statusText, tournamentReply } from "../../../src/tournaments/views/tournament.ts";
import { leaveTournament } from "../../../src/tournaments/views/tournament-actions.ts";
import { bracketImage, podiumImage, standingsImage } from "../../../src/tournaments/views/tournament-images.ts";
import { CHANNEL, DEFAULTS, GUILD, setup, type World } from "../../support/helpers.ts";
import { buttonIds } from "../../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const ORGANISER = "6999";
const ANNOUNCEMENT = "announcement";
const players = (n: number) => Array.from({ length: n }, (_, i) => String(6001 + i));
const en = translator("en");
const name = (id: string) => `n${id}`;

function entered(ids: readonly string[], extra: Partial<NewTournament>) {
  const t = w.app.tournaments.create({
    guildId: GUILD,
    channelId: CHANNEL,
    ruleset: "abapa",
    timeLimit: DEFAULTS.timeLimit,
    rated: true,
    createdBy: ORGANISER,
    ...extra,
  });
  for (const id of ids) w.app.tournaments.join(t.id, id);
  w.app.tournaments.bindMessage(t.id, ANNOUNCEMENT);
  return t;
}

const active = (id: string) => w.app.tournaments.view(id).games.filter((g) => g.status === "active");
/** Every game in progress lost by the player with the higher id. */
const lowerWins = (id: string) => {
  for (const g of active(id)) w.app.games.resign(g.id, [g.southId, g.northId].sort()[1], null);
};

/** The labels an image draws, rendered for real. */
async function labels(image: TournamentImage): Promise<string[]> {
  const drawn: string[] = [];
  let png: Promise<Buffer> | undefined;
  collectLabels(
    (l) => drawn.push(l.text),
    () => {
      png = renderTournamentImage(image, en);
    },
  );
  await png;
  return drawn;
}

describe("knockout words", () => {
  it("knockout - new matches each under their own round, the rounds in play as status - 5 players at the start", () => {
    const t = entered(players(5), { format: "knockout", firstTo: 2 });
    w.app.tournaments.start(t.id);
    // The pairings the outbox posts for the start's new games.
    const started = w.app.tournaments.view(t.id);
    const pairings = roundText(
      started,
      started.games.filter((g) => g.status === "active"),
      en,
    );
    // Seeds 4 and 5 play round 1; seeds 2 and 3, both through on byes, their semi-final at once.
    expect(pairings.split("\n")).toEqual([
      `**Knockout \`${t.id}\`: new matches**, each first to 2 wins`,
      "Round 1 of 3, match 2: <@6004> against <@6005>",
      "Semi-finals, match 2: <@6002> against <@6003>",
    ]);
    const view = w.app.tournaments.view(t.id);
    expect(statusText(view, en)).toBe("In play: Round 1 of 3 · Semi-finals.");
    expect(tournamentReply(view, en).content).not.toContain("Round 2 of 3 is being played");
    const text = standingsText(view, w.app.tournaments.table(t.id), en);
    expect(text).toContain("Round 1 of 3: <@6001> goes through on a bye");
  });

  it("knockout - the standings picture by round and match, nobody out ranked second; the podium by the final - 5 players, first to 2", async () => {
    const t = entered(players(5), { format: "knockout", firstTo: 2 });
    w.app.tournaments.start(t.id);
    // Round 1 decided (6004 beats 6005 2-0), the other semi-final still on.
    for (let i = 0; i < 2; i++) {
      const g = active(t.id).find((x) => x.tournamentRound === 1)!;
      w.app.games.resign(g.id, "6005", null);
    }
    let view = w.app.tournaments.view(t.id);
    let image = standingsImage(view, w.app.tournaments.table(t.id), en, name);
    expect(image.kind).toBe("knockout");
    if (image.kind !== "knockout") throw new Error("not a knockout table");
    expect(image.data.rows.map((r) => [r.name, r.place, r.stage, r.result, r.out])).toEqual([
      ["n6001", null, "Semi-finals", "playing n6004: 0–0", false],
      ["n6002", null, "Semi-finals", "playing n6003: 0–0", false],
      ["n6003", null, "Semi-finals", "playing n6002: 0–0", false],
      ["n6004", null, "Semi-finals", "playing n6001: 0–0", false],
      ["n6005", 5, "Round 1 of 3", "lost 0–2 to n6004", true],
    ]);
    expect(w.app.tournaments.table(t.id).find((r) => r.id === "6005")?.rank).toBe(5);
    const drawn = await labels(image);
    expect(drawn).toContain("lost 0–2 to n6004");
    expect(drawn).toContain("–");
    expect(drawn.join(" ")).not.toMatch(/points|Games/);

    for (let i = 0; i < 10 && w.app.tournaments.find(t.id).status === "running"; i++) lowerWins(t.id);
    view = w.app.tournaments.view(t.id);
    expect(view.tournament.status).toBe("finished");
    image = standingsImage(view, w.app.tournaments.table(t.id), en, name);
    if (image.kind !== "knockout") throw new Error("not a knockout table");
    expect(image.data.rows.map((r) => [r.name, r.place, r.result])).toEqual([
      ["n6001", 1, "beat n6002 2–0"],
      ["n6002", 2, "lost 0–2 to n6001"],
      ["n6003", 3, "lost 0–2 to n6002"],
      ["n6004", 3, "lost 0–2 to n6001"],
      ["n6005", 5, "lost 0–2 to n6004"],
    ]);
    const podium = podiumImage(view, w.app.tournaments.table(t.id), en, name);
    if (podium.kind !== "podium") throw new Error("not a podium");
    expect(podium.data.places).toEqual([
      { name: "n6001", detail: "won the final 2–0" },
      { name: "n6002", detail: "lost the final 0–2" },
      { name: "n6003 · n6004", detail: "out in the semi-finals" },
    ]);
    const onPodium = await labels(podium);
    expect(onPodium).toEqual(expect.arrayContaining(["won the final 2–0", "lost the final 0–2", "n6003 · n6004"]));
    expect(onPodium.join(" ")).not.toContain("points");
  });

  it("knockout - a player who leaves gives the match away in those words, on the line and on the game - mid-series", () => {
    const t = entered(players(4), { format: "knockout", firstTo: 3 });
    w.app.tournaments.start(t.id);
    const [game] = active(t.id);
    const [leaver, opponent] = [game.southId, game.northId];
    const done = leaveTournament(w.ctx(leaver), t.id);
    expect(done.line).toBe(`<@${leaver}> left the tournament and gives their match away: <@${opponent}> goes through.`);
    const board = gameMessage(w.app, w.app.games.find(game.id));
    expect(board.content).toContain(`<@${leaver}> gives the knockout match away: **<@${opponent}> goes through**`);
    expect(board.content).not.toContain("resigned the series");
  });

  it("knockout - the bracket draws a walkover as who withdrew, never as a bye - a semi-final winner leaves before the final", async () => {
    const t = entered(players(4), { format: "knockout", firstTo: 1 });
    w.app.tournaments.start(t.id);
    const [first, second] = active(t.id);
    w.app.games.resign(first.id, first.northId, null);
    leaveTournament(w.ctx(first.southId), t.id);
    w.app.games.resign(second.id, second.northId, null);
    const view = w.app.tournaments.view(t.id);
    expect(view.tournament.status).toBe("finished");
    const image = bracketImage(view, en, name);
    if (image.kind !== "bracket") throw new Error("not a bracket");
    const final = image.data.rounds[1][0];
    expect(final.bye).toBe(false);
    expect(final.top?.name).toBe(name(second.southId));
    expect(final.bottom).toMatchObject({ name: name(first.southId), withdrew: true, wins: null });
    const drawn = await labels(image);
    expect(drawn).toContain("withdrew");
    expect(drawn).not.toContain("bye");
  });

  it("knockout - a player who misses two games in a row gives the match away in those words - nobody moves", async () => {
    const t = entered(players(3), { format: "knockout", firstTo: 2 });
    w.app.tournaments.start(t.id);
    // Seeds 2 and 3 meet in round 1; the games run out of time one by one.
    for (let i = 0; i < 3; i++) {
      w.clock.advance(DEFAULTS.timeLimit * 1000 + 1);
      w.app.games.sweep();
    }
    const view = w.app.tournaments.view(t.id);
    const out = view.players.find((p) => p.userId === "6002")!;
    expect(out.withdrawn).toBe(true);
    const last = view.games.find((g) => g.finishedAt === out.withdrawnAt && g.southId === "6002")!;
    const snapshot = w.app.games.find(last.id);
    expect(gameMessage(w.app, snapshot).content).toContain(
      "<@6002> missed 2 games in a row and gives the knockout match away: **<@6003> goes through**",
    );
    // The withdrawal is decided in the game's transaction: the outbox sends it, in these words.
    const row = w
      .db()
      .select()
      .from(outbox)
      .all()
      .find((r) => r.kind === tournamentWithdrawnPosts.kind && r.userId === "6002")!;
    const posts: string[] = [];
    const messenger = {
      send: async (_: string, reply: { content?: string }) => {
        posts.push(reply.content ?? "");
        return "m";
      },
    };
    await tournamentWithdrawnPosts.send(
      { app: w.app, messenger } as never,
      row,
      () => "nonce",
      () => {},
    );
    expect(posts).toContain(
      `<@6002> missed 2 games in a row and is withdrawn from knockout \`${t.id}\`: they give their match away, <@6003> goes through.`,
    );
  });
});

describe("arena words", () => {
  it("arena - Leave answers privately, the announcement marks the paused player; the end reads as a time, the picture has no hole - 4 players", async () => {
    const t = entered(players(4), { format: "arena", minutes: 60 });
    w.app.tournaments.start(t.id);
    const res = await handleButton(w.ctx("6001", { messageId: ANNOUNCEMENT }), {
      type: "tournament",
      tournamentId: t.id,
      action: "leave",
    });
    expect(res.mode).toBe("reply");
    expect(res.reply.ephemeral).toBe(true);
    expect(res.reply.content).toBe(
      `You are paused in arena \`${t.id}\`: you are not paired again until you press Join. Your points stay, and a game in progress goes on.`,
    );
    const announcement = res.edits?.find((e) => e.ref.messageId === ANNOUNCEMENT);
    expect(announcement?.reply.content).toContain("• <@6001> (paused)");
    const end = Math.floor(w.app.tournaments.find(t.id).endsAt! / 1000);
    expect(announcement?.reply.content).toContain(
      `Under way until <t:${end}:t> (<t:${end}:R>): free players are paired at once.`,
    );
    const view = w.app.tournaments.view(t.id);
    const image = standingsImage(view, w.app.tournaments.table(t.id), en, name);
    expect(image.data.subtitle).toBe("Under way: free players are paired at once until the end.");
    expect((await labels(image)).some((l) => /<t:|until \.|\s\.$/.test(l))).toBe(false);
  });

  it("arena - a draw agreed before both made ten moves scores nothing, one after scores 1 - Lichess's rule", () => {
    const t = entered(players(4), { format: "arena", minutes: 60 });
    w.app.tournaments.start(t.id);
    const [early, late] = active(t.id);
    w.app.games.draw(early.id, early.southId, null);
    w.app.games.draw(early.id, early.northId, null);
    // Twenty moves, ten each, then the draw.
    for (let ply = 0; ply < 20; ply++) {
      const { row, state } = w.app.games.find(late.id);
      w.app.games.play(late.id, userOf(row, state.position.toMove), state.legalMoves[0], null);
    }
    expect(w.app.games.find(late.id).row.status).toBe("active");
    w.app.games.draw(late.id, late.southId, null);
    w.app.games.draw(late.id, late.northId, null);
    const score = new Map(w.app.tournaments.table(t.id).map((r) => [r.id, [r.score, r.played]]));
    expect(score.get(early.southId)).toEqual([0, 1]);
    expect(score.get(early.northId)).toEqual([0, 1]);
    expect(score.get(late.southId)).toEqual([1, 1]);
    expect(score.get(late.northId)).toEqual([1, 1]);
    const text = standingsText(w.app.tournaments.view(t.id), w.app.tournaments.table(t.id), en);
    expect(text).toContain("a draw agreed before both players made 10 moves scores nothing");
  });
});

describe("swiss and every format", () => {
  it("swiss - the finished announcement counts and lists withdrawn players, marked - one leaves", () => {
    const t = entered(players(4), { rounds: 1 });
    w.app.tournaments.start(t.id);
    w.app.tournaments.leave(t.id, "6001");
    for (const g of active(t.id)) w.app.games.resign(g.id, g.northId, null);
    const view = w.app.tournaments.view(t.id);
    expect(view.tournament.status).toBe("finished");
    const content = tournamentReply(view, en).content;
    expect(content).toContain("4 players:");
    expect(content).toContain("• <@6001> (withdrawn)");
    expect(content).toContain("• <@6002>\n");
  });

  it("leave - the question says what leaving costs: the game lost and rated, a knockout's match given away - swiss and knockout", async () => {
    const ask = async (id: string, userId: string) =>
      (await handleButton(w.ctx(userId), { type: "tournament", tournamentId: id, action: "leave" })).reply.content;
    const swiss = entered(players(4), { rounds: 2 });
    w.app.tournaments.start(swiss.id);
    expect(await ask(swiss.id, "6001")).toBe(
      `Leave tournament \`${swiss.id}\`? You are paired no more; the games you played still count.\n` +
        "Your game in progress is lost: it counts as a defeat in the standings and in your rating.",
    );
    const knockout = entered(["6101", "6102", "6103", "6104"], { format: "knockout", firstTo: 2, rated: false });
    w.app.tournaments.start(knockout.id);
    const question = await ask(knockout.id, "6101");
    expect(question).toContain("You give your match away: your opponent goes through");
    expect(question).toContain("the tournament is unrated: your rating does not change");
  });

  it("rematch - a tournament game's board and ending carry no Rematch, an old button is refused - a Swiss game", async () => {
    const t = entered(players(4), { rounds: 2 });
    w.app.tournaments.start(t.id);
    const [g] = active(t.id);
    w.app.games.resign(g.id, g.northId, null);
    const ended = w.app.games.find(g.id);
    expect(buttonIds({ mode: "reply", reply: gameMessage(w.app, ended) }).some((id) => id.endsWith(":rm"))).toBe(false);
    await expect(
      handleButton(w.ctx(g.southId), {
        type: "game",
        gameId: g.id,
        ply: ended.row.ply,
        action: { kind: "rematch" },
      }),
    ).rejects.toMatchObject({ code: "rematch/tournament" });
  });
});
