// Nickar killed with SIGKILL while it thinks about its move in a game against a person, and started
// again: the new process resumes the search at start-up and its move arrives on the old message.
import { describe, expect, it } from "vitest";
import { botProcesses, gameRef, gameRow, moveButtons, moverOf, waitFor } from "./harness.ts";

const TOKEN = "e2e.computer-restart.token";

describe("Nickar restarted while it is to move", () => {
  const bots = botProcesses(TOKEN);

  it("restart - the search resumes at start-up and the move arrives - kill -9 while Nickar thinks", async () => {
    const { driver } = bots;
    const deploy = await bots.deploy();
    expect(await deploy.exited, deploy.output()).toBe(0);

    // The first process thinks for a minute: it will be killed long before it moves.
    const first = await bots.start(0, { AI_MOVE_MS: "60000" });
    await driver.users("uma");
    const started = await driver.command("uma", "/nickar play level:hard ruleset:wari first:me");
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const messageId: string = started.body.messages[0].id;
    const house = moveButtons((await driver.message(messageId))!).find((b) => !b.disabled)!;
    const moved = await driver.click("uma", messageId, house.customId);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { gameId } = gameRef((await driver.message(messageId))!)!;
    expect((await driver.message(messageId))!.content).toContain("Nickar is thinking…");
    const database = bots.database();
    expect(gameRow(database, gameId)).toMatchObject({ ply: 1, status: "active", deadlineAt: null });

    first.process.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await waitFor(async () => !(await driver.info()).botConnected, "the local Discord to notice the crash");
    expect(gameRow(database, gameId)!.ply).toBe(1);

    // The new process finds the game where Nickar is to move and plays it, without any interaction.
    const second = await bots.start(1, { AI_MOVE_MS: "50" });
    await waitFor(() => gameRow(database, gameId)!.ply === 2, "Nickar's move after the restart");
    const after = await waitFor(async () => {
      const m = await driver.message(messageId);
      return m && gameRef(m)?.ply === 2 ? m : undefined;
    }, "the game message to show Nickar's move");
    expect(moverOf(after)?.userId).toBe(driver.idOf("uma"));
    const row = gameRow(database, gameId)!;
    expect(row.deadlineAt).not.toBeNull();

    second.process.kill("SIGTERM");
    expect(await second.exited, second.output()).toBe(0);
  }, 180_000);
});
