// The bot as a real process in token mode (`tsx src/bin/main.ts` with DISCORD_TOKEN and DISCORD_API_URL)
// against a local Discord in this process: killed with SIGKILL in the middle of a game and started
// again, the buttons of the old message still play.
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { HEARTBEAT, readState } from "../../src/db/bot-state.ts";
import { HEARTBEAT_EVERY } from "../../src/discord/scheduler.ts";
import { botProcesses, gameRow, moveButtons, moverOf, startGame, waitFor, waitForPly } from "./harness.ts";

const TOKEN = "e2e.restart.token";

describe("the bot process killed and restarted", () => {
  const bots = botProcesses(TOKEN);

  /** Plays one move as whoever the message names, by button or by command. */
  async function move(messageId: string, how: "click" | "command"): Promise<APIMessage> {
    const { driver } = bots;
    const message = (await driver.message(messageId))!;
    const mover = driver.nameOf(moverOf(message)!.userId);
    const button = moveButtons(message).find((b) => !b.disabled)!;
    const ply = Number(/^g:[^:]+:(\d+):/.exec(button.customId)![1]);
    if (how === "command") {
      const answer = await driver.command(mover, `/nickar move house:${button.label.split(" ")[0]}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    } else {
      const answer = await driver.click(mover, messageId, button.customId);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    return waitForPly(driver, messageId, ply + 1);
  }

  it("restart - the old message's buttons play on and the game continues - kill -9 mid-game", async () => {
    // Token mode does not register commands: `npm run deploy-commands` does, with the same variables.
    const { driver } = bots;
    const deploy = await bots.deploy();
    expect(await deploy.exited, deploy.output()).toBe(0);
    expect(deploy.output()).toContain(
      `Registered /nickar, /nickar-admin, /nickar-tournament and /nickar-puzzle for server ${bots.discord.guildId}.`,
    );

    const first = await bots.start(0);
    const game = await startGame(driver, "xena", "yuri", "abapa");
    for (const how of ["click", "click", "command"] as const) await move(game.messageId, how);
    const database = bots.database();
    expect(gameRow(database, game.gameId)).toMatchObject({ ply: 3, status: "active" });

    // kill -9: no goodbye to the gateway, the session is left resumable.
    const deadlineBefore = gameRow(database, game.gameId)!.deadlineAt!;
    const killedAt = Date.now();
    first.process.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await waitFor(async () => !(await driver.info()).botConnected, "the local Discord to notice the crash");

    // A press while the bot is down goes unanswered, as on Discord ("This interaction failed").
    const before = (await driver.message(game.messageId))!;
    const mover = driver.nameOf(moverOf(before)!.userId);
    const house = moveButtons(before).find((b) => !b.disabled)!;
    const unanswered = await driver.click(mover, game.messageId, house.customId);
    expect(unanswered.status).toBe(504);
    expect(gameRow(database, game.gameId)!.ply).toBe(3);

    // A new process identifies afresh and gets the next press on the very same (old) message.
    const restartedAt = Date.now();
    const second = await bots.start(1);
    // The new process has given the downtime back once it wrote its first heartbeat: at least the
    // time it was down, at most that plus the heartbeat interval (the bot may have run that long
    // after its last heartbeat).
    await waitFor(() => (readState(database.db, HEARTBEAT) ?? 0) >= restartedAt, "the first heartbeat");
    const credited = gameRow(database, game.gameId)!.deadlineAt! - deadlineBefore;
    expect(credited).toBeGreaterThanOrEqual(restartedAt - killedAt);
    expect(credited).toBeLessThanOrEqual(Date.now() - killedAt + HEARTBEAT_EVERY);
    const pressed = await driver.click(mover, game.messageId, house.customId);
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
    const after = (pressed.body.messages as APIMessage[]).find((m) => m.id === game.messageId)!;
    expect(after.content).toMatch(new RegExp(`played ${house.label.split(" ")[0]}\\b`));
    expect(gameRow(database, game.gameId)).toMatchObject({ ply: 4, status: "active" });

    // And the game goes on, by buttons and by command.
    for (const how of ["click", "command", "click"] as const) await move(game.messageId, how);
    const row = gameRow(database, game.gameId)!;
    expect(row).toMatchObject({ ply: 7, status: "active", messageId: game.messageId });
    expect(JSON.parse(row.moves)).toHaveLength(7);
    expect(JSON.parse(row.moves)[3]).toBe(house.house);

    // SIGTERM: a clean shutdown (exit code 0).
    second.process.kill("SIGTERM");
    expect(await second.exited, second.output()).toBe(0);
  }, 180_000);
});
