// Data safety with the bot as a real process: SIGTERM in the middle of play loses no acknowledged
// move and lets the interactions in flight finish; a damaged database stops the start; a database
// file replaced under the running bot stops it; backups taken while it plays restore.
import { closeSync, openSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { APIMessage } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { DATABASE_GONE, STOPPING } from "../../src/discord/bot.ts";
import { type BotWorld, botWorld, houseOf, nextMove } from "./bot-process.ts";
import {
  type Answer,
  gameRef,
  gameRow,
  type StartedGame,
  spawnTsx,
  startGame,
  waitFor,
  waitForPly,
} from "./harness.ts";

const TOKEN = "e2e.data-safety.token";

/** The move a click played, read from its answer: the game message at the next ply, or nothing. */
function playedBy(answer: Answer, messageId: string, ply: number): boolean {
  const messages = (answer.body?.messages ?? []) as APIMessage[];
  return answer.status === 200 && messages.some((m) => m.id === messageId && gameRef(m)?.ply === ply + 1);
}

/** The answer's text when it is the ephemeral refusal `text`. */
function refusedWith(answer: Answer, text: string): boolean {
  return answer.status === 200 && ((answer.body?.messages ?? []) as APIMessage[]).some((m) => m.content === text);
}

describe("data safety with the bot as its own process", () => {
  let world: BotWorld;
  const players = ["sam", "tia", "uma", "vic", "wes", "xia", "yan", "zed", "abe", "bea", "cal", "dee"];

  beforeAll(async () => {
    world = await botWorld(TOKEN);
    await world.driver.users(...players, "admin");
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("SIGTERM - every acknowledged move is stored and the interactions in flight finish - mid-play with animations", async () => {
    const { driver } = world;
    const bot = await world.start();
    // Animated boards make every move's answer take a while after its acknowledgement.
    const set = await driver.command("admin", "/nickar-admin settings animations:true");
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const games: StartedGame[] = [];
    for (let i = 0; i < 6; i++) games.push(await startGame(driver, players[2 * i], players[2 * i + 1], "abapa"));

    const clicks: { game: StartedGame; ply: number; house: number; answer: Promise<Answer> }[] = [];
    const clickAll = async () => {
      for (const game of games) {
        const message = (await driver.message(game.messageId))!;
        const next = nextMove(driver, message)!;
        const answer = driver.click(next.mover, game.messageId, next.customId);
        clicks.push({ game, ply: next.ply, house: houseOf(next.customId), answer });
      }
    };
    await clickAll();
    await Promise.all(clicks.map((c) => c.answer));
    const before = clicks.length;
    // A round of clicks in flight, then SIGTERM while their animations are still being drawn.
    await clickAll();
    // SIGTERM once the bot has acknowledged some of them and is still drawing their animations.
    await waitFor(() => world.discord.context.interactions.deferredInProgress() > 0, "a deferred move", 30_000);
    bot.process.kill("SIGTERM");
    // Presses once it is shutting down: answered "restarting", or unanswered once the connection is closed.
    await bot.waitForOutput(/"msg":"shutting down"/);
    // Turn notices of the moves in flight still come and go (a new one, then the old one deleted).
    const boards = async () => (await driver.messages()).filter((m) => !/ it is your move in game /.test(m.content));
    const late = (await boards()).length;
    const lateClick = driver.click(players[0], games[0].messageId, "Animate");
    expect(await bot.exited, bot.output()).toBe(0);
    const answers = await Promise.all(clicks.map((c) => c.answer));

    const output = bot.output();
    const drained = /"inFlight":(\d+),"msg":"interactions in flight finished; scheduler stopped"/.exec(output);
    expect(drained, output).not.toBeNull();
    expect(Number(drained![1])).toBeGreaterThan(0);
    expect(output).toContain('"msg":"shutdown complete"');
    const database = openDatabase(world.databasePath);
    try {
      let acknowledged = 0;
      for (const [i, click] of clicks.entries()) {
        const answer = answers[i];
        const row = gameRow(database, click.game.gameId)!;
        const moves = JSON.parse(row.moves) as number[];
        if (playedBy(answer, click.game.messageId, click.ply)) {
          acknowledged++;
          expect(moves[click.ply], `game ${row.id} ply ${click.ply}`).toBe(click.house);
        } else {
          // Not taken: refused as "restarting" and not played.
          expect(refusedWith(answer, STOPPING) || answer.status === 504, JSON.stringify(answer)).toBe(true);
          expect(moves.length, `game ${row.id}`).toBe(click.ply);
        }
        expect(row.ply).toBe(moves.length);
      }
      // The clicks sent before the signal were all in flight or done: every one of them was played.
      expect(acknowledged).toBeGreaterThanOrEqual(before + 1);
      const lateAnswer = await lateClick;
      expect(refusedWith(lateAnswer, STOPPING) || lateAnswer.status === 504, JSON.stringify(lateAnswer)).toBe(true);
      expect((await boards()).length).toBe(late);
    } finally {
      database.close();
    }
  }, 120_000);

  it("backup - taken while the bot plays, restored after it stopped - npm run backup / restore", async () => {
    const { driver } = world;
    const bot = await world.start();
    const game = await startGame(driver, "cal", "dee", "wari");
    const play = async () => {
      const next = nextMove(driver, (await driver.message(game.messageId))!)!;
      expect((await driver.click(next.mover, game.messageId, next.customId)).status).toBe(200);
      return waitForPly(driver, game.messageId, next.ply + 1);
    };
    await play();
    const backupPath = join(world.databasePath, "..", "at-ply-1.db");
    const backup = spawnTsx("src/bin/backup.ts", world.env);
    // The backup runs while a move is being played.
    const [backupExit] = await Promise.all([backup.exited, play()]);
    expect(backupExit, backup.output()).toBe(0);
    const made = /Backed up .* to (.*\.db) \(\d+ KB, \d+ ms, quick_check ok\)\./.exec(backup.output());
    expect(made, backup.output()).not.toBeNull();
    renameSync(made![1], backupPath);
    const atBackup = openDatabase(backupPath);
    const backedUpPly = gameRow(atBackup, game.gameId)!.ply;
    atBackup.close();
    expect([1, 2]).toContain(backedUpPly);
    await play();

    // A restore under the running bot is refused.
    const restoreWhileRunning = spawnTsx("src/bin/restore.ts", world.env, [backupPath]);
    expect(await restoreWhileRunning.exited).toBe(1);
    expect(restoreWhileRunning.output()).toMatch(/Nickar \(process \d+\) is running on/);

    bot.process.kill("SIGTERM");
    expect(await bot.exited, bot.output()).toBe(0);
    const restore = spawnTsx("src/bin/restore.ts", world.env, [backupPath]);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain(`Restored ${backupPath} into ${world.databasePath}`);
    expect(restore.output()).toMatch(/The database it replaced is kept as .*before-restore-nickar-.*\.db\./);

    await world.start();
    const database = openDatabase(world.databasePath);
    try {
      expect(gameRow(database, game.gameId)!.ply).toBe(backedUpPly);
    } finally {
      database.close();
    }
    // The restored game plays on (its board reposted at the restored position).
    const board = await driver.command("cal", `/nickar board game:${game.gameId}`);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    world.children.at(-1)!.process.kill("SIGTERM");
    expect(await world.children.at(-1)!.exited).toBe(0);
  }, 120_000);

  it("database replaced under the running bot - noticed, the press refused, the bot stops with code 3 - renamed over", async () => {
    const { driver } = world;
    const bot = await world.start();
    const game = await startGame(driver, "abe", "bea", "caribbean");
    const next = nextMove(driver, game.message)!;
    // Someone puts another file in its place (a copy restored by hand while the bot runs).
    const copy = join(world.databasePath, "..", "copy.db");
    const copied = spawnTsx("src/bin/backup.ts", world.env, [copy]);
    expect(await copied.exited, copied.output()).toBe(0);
    renameSync(copy, world.databasePath);
    const answer = await driver.click(next.mover, game.messageId, next.customId);
    expect(refusedWith(answer, DATABASE_GONE), JSON.stringify(answer.body)).toBe(true);
    expect(await bot.exited, bot.output()).toBe(3);
    expect(bot.output()).toMatch(/was replaced by another file while Nickar was running/);
    expect(bot.output()).toContain("the database file is not the one Nickar opened: stopping rather than play on");
  }, 120_000);

  it("database deleted under the running bot - noticed by the periodic check without any press - unlinked", async () => {
    const bot = await world.start();
    renameSync(world.databasePath, `${world.databasePath}.moved-away`);
    expect(await bot.exited, bot.output()).toBe(3);
    expect(bot.output()).toContain(`the database file ${world.databasePath} was deleted while Nickar was running`);
    renameSync(`${world.databasePath}.moved-away`, world.databasePath);
  }, 120_000);

  it("start-up - refuses a damaged database with a clear message and exit code 2 - damaged page", async () => {
    const database = openDatabase(world.databasePath);
    const { rootpage } = database.sqlite.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'games'").get() as {
      rootpage: number;
    };
    database.close();
    const fd = openSync(world.databasePath, "r+");
    writeSync(fd, Buffer.from([0x0f, 0xff]), 0, 2, (rootpage - 1) * 4096 + 3);
    closeSync(fd);
    const child = spawnTsx("src/bin/main.ts", world.env);
    world.children.push(child);
    expect(await child.exited).toBe(2);
    expect(child.output()).toContain(
      `The database file ${world.databasePath} is damaged, so Nickar will not start on it`,
    );
    expect(child.output()).toContain("npm run restore -- <backup file>");
    expect(child.output()).not.toContain("bot ready");
  }, 60_000);
});
