// The local Discord delivering interactions to an Interactions Endpoint URL: signed as Discord signs
// them, the endpoint checked as the Developer Portal checks it, and the reply held to Discord's contract.
import { createPublicKey, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { allCommands } from "./commands-fixture.ts";
import { driver, startBot, startDiscord, stopBot, type TestBot } from "./harness.ts";

type Reply = (body: { type: number }, res: ServerResponse) => void;

/** Discord's check, written independently of any bot: Ed25519 over timestamp + body with the application's key. */
function signedByDiscord(
  publicKeyHex: string,
  signature: string | undefined,
  timestamp: string | undefined,
  body: Buffer,
) {
  if (!signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKeyHex, "hex").toString("base64url") },
    format: "jwk",
  });
  return verify(null, Buffer.concat([Buffer.from(timestamp, "utf8"), body]), key, Buffer.from(signature, "hex"));
}

describe("local Discord HTTP delivery", () => {
  let discord: LocalDiscord;
  let bot: TestBot;
  let url = "";
  let reply: Reply;
  /** Requests whose signature did not verify with the application's public key. */
  let unsigned = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const sig = req.headers["x-signature-ed25519"] as string | undefined;
      const ts = req.headers["x-signature-timestamp"] as string | undefined;
      if (!signedByDiscord(discord.publicKey, sig, ts, body)) {
        unsigned++;
        return void res.writeHead(401).end();
      }
      const json = JSON.parse(body.toString());
      if (json.type === 1) return void res.writeHead(200, { "content-type": "application/json" }).end('{"type":1}');
      reply(json, res);
    });
  });

  beforeAll(async () => {
    discord = await startDiscord();
    bot = await startBot(discord);
    await bot.client.application!.commands.set(allCommands, discord.guildId);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`;
  });
  beforeEach(() => discord.useInteractionsEndpoint(null));
  afterAll(async () => {
    await stopBot(bot);
    await discord?.close();
    server.close();
  });

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const command = () => driver(discord, "/local/command", { user: "alice", channel: "games", text: "/test reply" });

  it("http delivery - an initial response in the 200 reply posts the message - inline response", async () => {
    reply = (_body, res) => json(res, 200, { type: 4, data: { content: "answered inline" } });
    await discord.useInteractionsEndpoint(url);
    const { status, body } = await command();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.messages[0].content).toBe("answered inline");
    // Every request was signed with the application's key, except the portal check's forged one.
    expect(unsigned).toBe(1);
  });

  it("http delivery - an inline response breaking Discord's rules fails with 50035 - content over 2000", async () => {
    reply = (_body, res) => json(res, 200, { type: 4, data: { content: "x".repeat(2001) } });
    await discord.useInteractionsEndpoint(url);
    const { status, body } = await command();
    expect(status).toBe(502);
    expect(body.error.code).toBe(50035);
  });

  it("http delivery - 202 without a callback fails the interaction - no acknowledgement", async () => {
    reply = (_body, res) => res.writeHead(202).end();
    await discord.useInteractionsEndpoint(url);
    const { status, body } = await command();
    expect(status).toBe(502);
    expect(body.error.message).toMatch(/no callback/);
  });

  it("http delivery - the endpoint is refused - PING not answered PONG, or a bad signature accepted", async () => {
    const lax = createServer((req, res) => {
      req.resume();
      req.on("end", () => json(res, 200, { type: 1 }));
    });
    await new Promise<void>((resolve) => lax.listen(0, "127.0.0.1", resolve));
    try {
      const laxUrl = `http://127.0.0.1:${(lax.address() as AddressInfo).port}/`;
      await expect(discord.useInteractionsEndpoint(laxUrl)).rejects.toThrow(/bad signature must be answered 401/);
      const refused = await driver(discord, "/local/interactions-endpoint", { url: laxUrl });
      expect(refused.status).toBe(400);
      expect((await driver(discord, "/local/info")).body.interactions.endpoint).toBeNull();
    } finally {
      lax.close();
    }
  });
});
