/**
 * The Activity's server over real HTTP and WebSockets, on a real database, with a stand-in for Discord's
 * OAuth2 (codes and tokens of the test's making): sign-in, the page's moves through the game buttons, the
 * Discord message and notices kept in step, every viewer told at once, and the refusals (a stale page,
 * someone not seated, a bad token).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { CLOSE_UNAUTHORISED, type ClientMessage, type ServerMessage } from "../../src/activity/core/protocol.ts";
import { gameView } from "../../src/activity/game-view.ts";
import { type ActivityServer, startActivityServer } from "../../src/activity/server.ts";
import { type OAuth, SignInRefused } from "../../src/activity/sign-in.ts";
import type { Notice } from "../../src/interactions/reply.ts";
import { createLogger } from "../../src/logger.ts";
import { ALICE, BOB, CAROL, CHANNEL, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";
import { type Recorder, recordingMessenger } from "../support/recorder.ts";

/** Discord's OAuth2 as the test makes it: code `code-<user>` gives token `token-<user>`. */
const standIn: OAuth = {
  exchange: async (code) => {
    if (!code.startsWith("code-")) throw new SignInRefused("bad code");
    return `token-${code.slice(5)}`;
  },
  user: async (token) => {
    if (!token.startsWith("token-")) throw new SignInRefused("bad token");
    const id = token.slice(6);
    // Carol's Discord is in French (GET /users/@me says so); the others' say nothing.
    return { id, ...(id === CAROL && { locale: "fr" }) };
  },
};

/** A page's socket: what it was sent, in order, and a way to wait for the next message of a kind not yet waited for. */
class Page {
  readonly received: ServerMessage[] = [];
  /** Messages no `next` has taken yet (several may come in one read of the socket). */
  private unread: ServerMessage[] = [];
  private waiting: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  closeCode: number | null = null;
  readonly opened: Promise<void>;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      this.received.push(message);
      const waiter = this.waiting.find((w) => w.match(message));
      if (!waiter) return void this.unread.push(message);
      this.waiting = this.waiting.filter((w) => w !== waiter);
      waiter.resolve(message);
    });
    ws.on("close", (code) => {
      this.closeCode = code;
    });
    this.opened = new Promise((resolve) => ws.once("open", () => resolve()));
  }

  send(message: ClientMessage): void {
    this.ws.send(JSON.stringify(message));
  }

  next<T extends ServerMessage["type"]>(
    type: T,
    match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const matches = (m: ServerMessage) => m.type === type && match(m as Extract<ServerMessage, { type: T }>);
    const found = this.unread.find(matches);
    if (found) {
      this.unread = this.unread.filter((m) => m !== found);
      return Promise.resolve(found as Extract<ServerMessage, { type: T }>);
    }
    return new Promise((resolve) =>
      this.waiting.push({ match: matches, resolve: resolve as (m: ServerMessage) => void }),
    );
  }
}

let w: World;
let server: ActivityServer;
let recorder: Recorder;
let notices: Notice[];
let pages: Page[];

beforeEach(async () => {
  w = setup();
  recorder = recordingMessenger();
  notices = [];
  pages = [];
  server = await startActivityServer({
    app: w.app,
    discord: {
      messenger: recorder.messenger,
      notices: { post: async (n) => void notices.push(n) },
      onChange: () => {},
    },
    oauth: standIn,
    clientId: () => "999",
    logger: createLogger("silent"),
    port: 0,
  });
});

afterEach(async () => {
  for (const page of pages) page.ws.close();
  await server.close();
  w.close();
});

async function open(userId: string, gameId?: string): Promise<Page> {
  const page = new Page(new WebSocket(`${server.url.replace("http", "ws")}/.proxy/ws`));
  pages.push(page);
  await page.opened;
  page.send({
    type: "hello",
    token: `token-${userId}`,
    channelId: CHANNEL,
    locale: "en-US",
    ...(gameId && { gameId }),
  });
  return page;
}

async function newGame(): Promise<string> {
  const gameId = await startGame(w, ALICE, BOB);
  w.app.games.bindMessage(gameId, CHANNEL, "board-1");
  return gameId;
}

describe("activity server", () => {
  it("token - an authorization code is exchanged for an access token, a bad one refused - POST /api/token", async () => {
    const post = (body: string) => fetch(`${server.url}/.proxy/api/token`, { method: "POST", body });
    const good = await post(JSON.stringify({ code: `code-${ALICE}` }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ access_token: `token-${ALICE}` });
    expect((await post(JSON.stringify({ code: "stolen" }))).status).toBe(401);
    expect((await post("not json")).status).toBe(400);
    expect(await (await fetch(`${server.url}/api/config`)).json()).toEqual({ clientId: "999" });
  });

  it("page - served gzipped, with its script and style - GET /", async () => {
    const html = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-encoding")).toBe("gzip");
    expect(await html.text()).toContain('src="main.js"');
    const script = await fetch(`${server.url}/main.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await script.text()).length).toBeGreaterThan(10_000);
    expect((await fetch(`${server.url}/nothing.js`)).status).toBe(404);
  }, 30_000);

  it("sign-in - a bad token is closed with the unauthorised code - hello", async () => {
    const page = new Page(new WebSocket(`${server.url.replace("http", "ws")}/ws`));
    pages.push(page);
    await page.opened;
    page.send({ type: "hello", token: "forged", channelId: CHANNEL });
    await new Promise<void>((resolve) => page.ws.once("close", () => resolve()));
    expect(page.closeCode).toBe(CLOSE_UNAUTHORISED);
  });

  it("hello - the page speaks the user's Discord language, not the browser's - welcome locale", async () => {
    const gameId = await newGame();
    const carol = await open(CAROL);
    expect((await carol.next("welcome")).locale).toBe("fr");
    const alice = await open(ALICE);
    expect((await alice.next("welcome")).locale).toBe("en");
    await alice.next("game");
    const carolSees = carol.next("game", (m) => m.game.version === 1);
    const aliceSees = alice.next("game", (m) => m.game.version === 1);
    alice.send({ type: "act", gameId, version: 0, action: { kind: "move", house: 3 }, nonce: "1" });
    const { game } = await carolSees;
    const french = gameView(w.app, w.app.games.get(gameId)!, { userId: CAROL, locale: "fr" }, game.names);
    expect(game.narration).toBe(french.narration);
    expect(game.narration).not.toBe((await aliceSees).game.narration);
  });

  it("move - played through the move button, every viewer told, the Discord board and turn notice in step - board and spectator", async () => {
    const gameId = await newGame();
    const alice = await open(ALICE);
    const welcome = await alice.next("welcome");
    expect(welcome.games).toEqual([expect.objectContaining({ gameId, seat: 0 })]);
    const first = await alice.next("game");
    expect(first.game).toMatchObject({ gameId, seat: 0, version: 0, moves: [], toMove: 0, status: "active" });
    const bob = await open(BOB);
    await bob.next("game");
    const carol = await open(CAROL);
    const watched = await carol.next("game");
    expect(watched.game.seat).toBeNull();

    const bobSees = bob.next("game", (m) => m.game.version === 1);
    const carolSees = carol.next("game", (m) => m.game.version === 1);
    alice.send({ type: "act", gameId, version: 0, action: { kind: "move", house: 3 }, nonce: "1" });
    await alice.next("done", (m) => m.nonce === "1");
    expect((await bobSees).game).toMatchObject({ moves: [3], toMove: 1 });
    expect((await carolSees).game.narration).toMatch(/C/);
    expect(w.app.games.get(gameId)!.row.moves).toBe("[3]");
    // The game's own message was edited, as a press from elsewhere edits it, and Bob was told it is his move.
    expect(recorder.edits.map((e) => e.ref.messageId)).toContain("board-1");
    expect(notices.at(-1)?.users).toEqual([BOB]);
  });

  it("move - a button press reaches the page at once - the other player on buttons", async () => {
    const gameId = await newGame();
    const alice = await open(ALICE);
    await alice.next("game");
    const seen = alice.next("game", (m) => m.game.version === 1);
    const { handleButton } = await import("../../src/interactions/buttons/index.ts");
    await handleButton(w.ctx(ALICE), { type: "game", gameId, ply: 0, action: { kind: "move", house: 2 } });
    expect((await seen).game.moves).toEqual([2]);
  });

  it("move - refused when stale, out of turn or not seated, nothing played - refusals", async () => {
    const gameId = await newGame();
    const alice = await open(ALICE);
    await alice.next("game");
    const carol = await open(CAROL, gameId);
    await carol.next("game");
    carol.send({ type: "act", gameId, version: 0, action: { kind: "move", house: 1 }, nonce: "c" });
    expect((await carol.next("refused")).code).toBe("game/not-yours");
    const bob = await open(BOB);
    await bob.next("game");
    bob.send({ type: "act", gameId, version: 0, action: { kind: "move", house: 1 }, nonce: "b" });
    const outOfTurn = await bob.next("refused");
    expect(outOfTurn.code).toBe("game/not-your-turn-named");
    expect(outOfTurn.text).not.toMatch(/<@/);
    alice.send({ type: "act", gameId, version: 0, action: { kind: "move", house: 1 }, nonce: "a1" });
    await alice.next("done");
    // A page still showing version 0 (another tab) is stale.
    alice.send({ type: "act", gameId, version: 0, action: { kind: "move", house: 2 }, nonce: "a2" });
    expect((await alice.next("refused", (m) => m.nonce === "a2")).code).toBe("game/stale");
    expect(w.app.games.get(gameId)!.row.moves).toBe("[1]");
  });

  it("resign - through the question flow's confirmation, the result and the ending notice - Resign on the board", async () => {
    const gameId = await newGame();
    const bob = await open(BOB);
    await bob.next("game");
    const ended = bob.next("game", (m) => m.game.status === "finished");
    bob.send({ type: "act", gameId, version: 0, action: { kind: "resign-confirm" }, nonce: "r" });
    const view = (await ended).game;
    expect(view.result).toBeTruthy();
    expect(view.result).not.toMatch(/<@/);
    expect(w.app.games.get(gameId)!.row.winner).toBe(0);
  });

  it("reconnect - a page that names its game gets it as it is now - after missing a move", async () => {
    const gameId = await newGame();
    const alice = await open(ALICE);
    await alice.next("game");
    alice.ws.close();
    const { handleButton } = await import("../../src/interactions/buttons/index.ts");
    await handleButton(w.ctx(ALICE), { type: "game", gameId, ply: 0, action: { kind: "move", house: 4 } });
    const again = await open(ALICE, gameId);
    expect((await again.next("game")).game).toMatchObject({ version: 1, moves: [4] });
  });
});

describe("activity server - Discord unreachable", () => {
  it("sign-in - Discord not answering closes for a retry, not as refused - hello", async () => {
    const w2 = setup();
    const down = await startActivityServer({
      app: w2.app,
      discord: { messenger: recordingMessenger().messenger, notices: { post: async () => {} }, onChange: () => {} },
      oauth: {
        exchange: async () => "token",
        user: async () => {
          throw new Error("HTTP 429");
        },
      },
      clientId: () => "999",
      logger: createLogger("silent"),
      port: 0,
    });
    try {
      const page = new Page(new WebSocket(`${down.url.replace("http", "ws")}/ws`));
      await page.opened;
      page.send({ type: "hello", token: "token-1", channelId: CHANNEL });
      await new Promise<void>((resolve) => page.ws.once("close", () => resolve()));
      expect(page.closeCode).not.toBe(CLOSE_UNAUTHORISED);
    } finally {
      await down.close();
      w2.close();
    }
  });
});
