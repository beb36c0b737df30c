import { PNG } from "pngjs";
import { afterEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { formatPosition, importRecord, RULESET_IDS } from "../../src/engine/index.ts";
import { translator } from "../../src/i18n/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import { rendererImages } from "../../src/present/images.ts";
import { reasonText } from "../../src/present/narrate.ts";
import { ALICE, BOB, CAROL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, finish, playGame, startGame } from "../support/play.ts";

let w: World;
afterEach(() => w.close());

const names: Record<string, string> = { [ALICE]: "Alice", [BOB]: "Bob", [CAROL]: "Carol" };

/** A world with the real renderer and display names. */
function realWorld(): World {
  const world = setup(() => 0.1, rendererImages);
  world.app = {
    ...world.app,
    displayName: async (_g, id) => names[id] ?? "",
    guildName: async (id) => (id === GUILD ? "Bridgetown Warri Club" : ""),
  };
  return world;
}

/** Plays random legal moves until the game ends. */
async function playOut(gameId: string, seed: number): Promise<void> {
  let s = seed;
  for (let i = 0; i < 2000; i++) {
    const game = w.app.games.get(gameId)!;
    if (game.row.status !== "active") return;
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const house = game.state.legalMoves[s % game.state.legalMoves.length];
    const mover = game.state.position.toMove === 0 ? game.row.southId : game.row.northId;
    await handleButton(w.ctx(mover), { type: "game", gameId, ply: game.row.ply, action: { kind: "move", house } });
  }
}

/** Pixels close to the rating line's gold. */
function goldPixels(png: Buffer): number {
  const image = PNG.sync.read(png);
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const d = Math.abs(image.data[i] - 0xff) + Math.abs(image.data[i + 1] - 0xd0) + Math.abs(image.data[i + 2] - 0x4d);
    if (d < 30) n++;
  }
  return n;
}

describe("history", () => {
  it("history - lists recent games with result, reason, ruleset, opponent and date - mixed endings", async () => {
    w = setup();
    await playGame(w, ALICE, BOB, "south");
    w.clock.advance(24 * 60 * 60_000);
    await playGame(w, CAROL, ALICE, "draw", { ruleset: "wari" });
    const unrated = await playGame(w, ALICE, CAROL, "north", { rated: false });
    const aborted = await startGame(w, BOB, ALICE);
    await COMMANDS.abort.handle(w.ctx(ALICE), options({ game: aborted }));
    await startGame(w, ALICE, BOB); // in progress: not listed

    const res = await COMMANDS.history.handle(w.ctx(ALICE), options());
    const lines = res.reply.content.split("\n");
    expect(res.reply.ephemeral).toBe(true);
    expect(lines[0]).toBe(`**Recent games of <@${ALICE}>** (4 in all)`);
    expect(lines[1]).toMatch(
      new RegExp(`^\`${aborted}\` 2025-01-02 · Oware Abapa · vs <@${BOB}> · Aborted · unrated$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^\`${unrated}\` 2025-01-02 · Oware Abapa · vs <@${CAROL}> · Lost by resignation · unrated$`),
    );
    expect(lines[3]).toMatch(/ 2025-01-02 · Wari · vs <@1003> · Draw by agreement · rated \+0$/);
    expect(lines[4]).toMatch(/ 2025-01-01 · Oware Abapa · vs <@1002> · \*\*Won\*\* by resignation · rated \+162$/);
    const other = await COMMANDS.history.handle(w.ctx(CAROL), options({ user: { id: BOB } }));
    expect(other.reply.content).toContain("Lost by resignation · rated -162");
  });
});

describe("game viewer", () => {
  it("game viewer - steps first, back, forward and last - buttons carry game and ply", async () => {
    w = setup();
    const id = await startGame(w, ALICE, BOB);
    for (const [user, house] of [
      [ALICE, 3],
      [BOB, 5],
      [ALICE, 1],
    ] as const) {
      await handleButton(w.ctx(user), {
        type: "game",
        gameId: id,
        ply: w.app.games.get(id)!.row.ply,
        action: { kind: "move", house },
      });
    }
    await finish(w, id, "north");

    const last = await COMMANDS.game.handle(w.ctx(CAROL), options({ id }));
    expect(last.reply.ephemeral).toBe(true);
    expect(last.reply.content).toContain("Record: `1. C e  2. A`");
    expect(last.reply.content).toContain(`After 2. A, the last move: <@${ALICE}> played A`);
    expect(last.reply.content).toContain(`<@${BOB}> wins`);
    expect(last.reply.content).toContain(`<@${ALICE}> resigned`);
    expect(last.reply.content).toContain("Position: `0-6-2-6-6-6-5-4-4-4-0-5-0-0` (game over: nobody to move)");
    expect(buttonIds(last)).toEqual([`v:${id}:0:f`, `v:${id}:2:b`, `v:${id}:3:n`, `v:${id}:3:l`]);
    const disabled = last.reply.components![0].components.map((c) => ("disabled" in c ? c.disabled : false));
    expect(disabled).toEqual([false, false, true, true]);

    const back = await handleButton(w.ctx(CAROL), parseCustomId(buttonIds(last)[1])!);
    expect(back.mode).toBe("update");
    expect(back.reply.content).toContain(`After 1… e (last move 2. A): <@${BOB}> played e`);
    expect(back.reply.content).toContain("Position: `5-5-1-5-5-5-5-4-4-4-0-5-0-0-S`");
    const first = await handleButton(w.ctx(CAROL), parseCustomId(buttonIds(back)[0])!);
    expect(first.reply.content).toContain("Start (last move 2. A)");
    expect(first.reply.content).toContain(`Position: \`${"4-".repeat(12)}0-0-S\``);
    expect(buttonIds(first)).toEqual([`v:${id}:0:f`, `v:${id}:0:b`, `v:${id}:1:n`, `v:${id}:3:l`]);
    const forward = await handleButton(w.ctx(CAROL), parseCustomId(buttonIds(first)[2])!);
    expect(forward.reply.content).toContain(`After 1. C (last move 2. A): <@${ALICE}> played C`);
    expect(await forward.reply.image!()).toMatchObject({ name: `nickar-${id}-move-1.png` });
    // The move option jumps straight to a position, numbered as the record; a game of another server is not found.
    const at = await COMMANDS.game.handle(w.ctx(CAROL), options({ id, move: "1…" }));
    expect(at.reply.content).toContain("After 1… e (last move 2. A)");
    await expect(async () =>
      COMMANDS.game.handle(w.ctx(CAROL, { guildId: "999" }), options({ id })),
    ).rejects.toMatchObject({ code: "game/not-found" });
  });

  it("game viewer - draws the position with the last move and no result banner mid-game - real renderer", async () => {
    w = realWorld();
    const id = await startGame(w, ALICE, BOB);
    await playOut(id, 11);
    const total = w.app.games.get(id)!.row.ply;
    const mid = await COMMANDS.game.handle(w.ctx(CAROL), options({ id, move: "5" }));
    const end = await COMMANDS.game.handle(w.ctx(CAROL), options({ id }));
    const [midPng, endPng] = [(await mid.reply.image!())!.data, (await end.reply.image!())!.data];
    expect(PNG.sync.read(midPng).width).toBeGreaterThan(100);
    expect(midPng.equals(endPng)).toBe(false);
    expect(total).toBeGreaterThan(9);
    expect(mid.reply.content).toMatch(/After 5\. [A-F] \(last move \d+(\.|…) [A-Fa-f ]+\)/);
    expect(end.reply.content).toMatch(/After \d+(\.|…) [A-Fa-f ]+, the last move: /);
  });
});

describe("export", () => {
  it.each(RULESET_IDS)("export - round-trips through importRecord - %s game played to the end", async (ruleset) => {
    w = realWorld();
    const id = await startGame(w, ALICE, BOB, { ruleset });
    await playOut(id, ruleset.length * 13);
    const res = await COMMANDS.export.handle(w.ctx(CAROL), options({ id }));
    const file = (await res.reply.image!())!;
    expect(file.name).toBe(`nickar-${id}.txt`);
    const text = file.data.toString("utf8");
    // The moves are numbered as players write them.
    expect(text).toMatch(/\n\n1\. [A-F] [a-f] 2\. [A-F]/);
    const back = importRecord(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    const game = w.app.games.get(id)!;
    expect(back.value.state.history).toEqual(game.state.history);
    expect(formatPosition(back.value.state.position)).toBe(game.row.position);
    expect(back.value.tags).toMatchObject({
      Ruleset: ruleset,
      South: "Alice",
      North: "Bob",
      Date: "2025.01.01",
      Game: id,
      Server: "Bridgetown Warri Club",
      Reason: reasonText(game.row.reason, translator("en")),
      Result: game.row.winner === 0 ? "1-0" : game.row.winner === 1 ? "0-1" : "1/2-1/2",
    });
  });

  it("export - keeps the bot's ending - resigned and aborted games", async () => {
    w = setup();
    const resigned = await playGame(w, ALICE, BOB, "south");
    const text = (await (await COMMANDS.export.handle(w.ctx(ALICE), options({ id: resigned }))).reply.image!())!.data;
    const back = importRecord(text.toString());
    expect(back.ok && back.value.tags).toMatchObject({
      Result: "1-0",
      Reason: "resignation",
      South: ALICE,
      North: BOB,
      Server: GUILD,
    });
    const aborted = await startGame(w, ALICE, BOB);
    await COMMANDS.abort.handle(w.ctx(BOB), options({ game: aborted }));
    const abortedText = (await (
      await COMMANDS.export.handle(w.ctx(ALICE), options({ id: aborted }))
    ).reply.image!())!.data;
    expect(importRecord(abortedText.toString()).ok && importRecord(abortedText.toString())).toMatchObject({
      value: { tags: { Result: "*", Reason: "aborted before both had moved" } },
    });
  });
});

describe("stats", () => {
  it("stats - rating, record, streaks, best win, recent games and a real chart - five games", async () => {
    w = realWorld();
    const games = [
      [ALICE, BOB, "south"],
      [ALICE, CAROL, "south"],
      [BOB, ALICE, "south"],
      [CAROL, ALICE, "north"],
      [ALICE, BOB, "south"],
    ] as const;
    for (const [south, north, result] of games) {
      await playGame(w, south, north, result);
      w.clock.advance(60_000);
    }
    const res = await COMMANDS.stats.handle(w.ctx(BOB), options({ user: { id: ALICE } }));
    const text = res.reply.content;
    expect(text).toContain(`**<@${ALICE}>** · Oware Abapa · season 1`);
    expect(text).toMatch(/Rating \*\*\d{4}\?\*\* \(deviation \d+\) · needs a few more games to be ranked/);
    expect(text).toContain("Record: 5 games · 4 W 0 D 1 L");
    expect(text).toContain("Win streak: 2 now, best 2");
    expect(text).toMatch(/Best win: <@100[23]> \(\d{4}\) in game `/);
    expect(text.split("\n").filter((l) => l.startsWith("- `"))).toHaveLength(5);
    expect(text).toMatch(/- `\w+` 2025-01-01 · beat <@1002> · \d{4} → \d{4} \(\+\d+\)/);
    expect(text).toMatch(/lost to <@1002> · \d{4} → \d{4} \(-\d+\)/);
    const chart = (await res.reply.image!())!;
    expect(PNG.sync.read(chart.data)).toMatchObject({ width: 800, height: 420 });
    expect(goldPixels(chart.data)).toBeGreaterThan(200);
    const nobody = await COMMANDS.stats.handle(w.ctx(BOB), options({ user: { id: "4242" } }));
    expect(nobody.reply.content).toContain("No rated games yet");
    expect(nobody.reply.image).toBeUndefined();
  });

  it("ladder image - one row per rung in real pixels - ladder show", async () => {
    w = realWorld();
    await COMMANDS["nickar-admin settings"].handle(w.ctx(CAROL, { canManageGuild: true }), options({ ladder: true }));
    for (const p of [ALICE, BOB, CAROL]) await COMMANDS["ladder join"].handle(w.ctx(p), options());
    const res = await COMMANDS["ladder show"].handle(w.ctx(ALICE), options());
    const image = PNG.sync.read((await res.reply.image!())!.data);
    expect(image.width).toBe(800);
    expect(image.height).toBeGreaterThan(150);
  });
});
