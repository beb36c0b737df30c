// HTTP interactions mode: the bot process (token mode, DISCORD_PUBLIC_KEY set) serves Discord's
// Interactions Endpoint; the local Discord, with that endpoint set, POSTs every interaction there
// signed with its test key instead of sending it over the gateway, and checks each reply as Discord does.

import { signedHeaders } from "@nickar/local-discord";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { type BotWorld, botWorld } from "./bot-process.ts";
import { type Child, gameRow, moveButtons, moverOf, startGame, waitForPly } from "./harness.ts";

const TOKEN = "e2e.http-interactions.token";

describe("HTTP interactions endpoint", () => {
  let world: BotWorld;
  let bot: Child;
  let endpoint: string;

  beforeAll(async () => {
    world = await botWorld(TOKEN);
    bot = await world.start({ DISCORD_PUBLIC_KEY: world.discord.publicKey, INTERACTIONS_PORT: "0" });
    endpoint = (await bot.waitForOutput(/"url":"([^"]+)","msg":"interactions endpoint served"/))[1];
    // Saved only after Discord's check (a signed PING answered PONG, a forged one refused 401).
    await world.discord.useInteractionsEndpoint(endpoint);
  }, 120_000);
  afterAll(() => world?.close());

  const post = (body: string, headers: Record<string, string>) =>
    fetch(endpoint, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

  it("http interactions - a signed game move is played and the board updated - delivered over HTTP", async () => {
    const { driver } = world;
    const deliveredBefore = (await driver.info()).interactions.delivered;
    const game = await startGame(driver, "hana", "ivo", "wari");
    const message = (await driver.message(game.messageId))!;
    const mover = driver.nameOf(moverOf(message)!.userId);
    const button = moveButtons(message).find((b) => !b.disabled)!;
    const answer = await driver.click(mover, game.messageId, button.customId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.errors).toEqual([]);
    await waitForPly(driver, game.messageId, 1);
    const db = openDatabase(world.databasePath);
    try {
      expect(gameRow(db, game.gameId)).toMatchObject({ ply: 1, status: "active" });
    } finally {
      db.close();
    }
    // The challenge, the Accept and the move all went to the endpoint, none over the gateway.
    expect((await driver.info()).interactions.delivered - deliveredBefore).toBe(3);
  });

  it("http interactions - PING is answered PONG - signed PING", async () => {
    const body = JSON.stringify({
      id: "1",
      application_id: world.discord.applicationId,
      type: 1,
      token: "t",
      version: 1,
    });
    const response = await post(body, signedHeaders({ ...keysOf(world) }, body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 1 });
  });

  it("http interactions - refused with 401 and nothing played - bad signature", async () => {
    const { driver } = world;
    const game = await startGame(driver, "jon", "kai", "abapa");
    const message = (await driver.message(game.messageId))!;
    const button = moveButtons(message).find((b) => !b.disabled)!;
    // A genuine payload, signed for another body: the signature does not cover what is sent.
    const payload = JSON.stringify({ id: "2", type: 3, token: "forged", data: { custom_id: button.customId } });
    const response = await post(payload, signedHeaders(keysOf(world), `${payload} `));
    expect(response.status).toBe(401);
    // A signature by another key over the right body is refused too.
    const other = await import("@nickar/local-discord").then((m) => m.newSigningKeys());
    expect((await post(payload, signedHeaders(other, payload))).status).toBe(401);
    const db = openDatabase(world.databasePath);
    try {
      expect(gameRow(db, game.gameId)!.ply).toBe(0);
    } finally {
      db.close();
    }
  });

  it("http interactions - refused with 401 - missing signature", async () => {
    const body = JSON.stringify({ id: "3", type: 1, token: "t", version: 1 });
    expect((await post(body, {})).status).toBe(401);
    const { "x-signature-timestamp": timestamp } = signedHeaders(keysOf(world), body);
    expect((await post(body, { "x-signature-timestamp": timestamp })).status).toBe(401);
  });
});

function keysOf(world: BotWorld) {
  return world.discord.context.endpoint.keys;
}
