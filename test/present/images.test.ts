import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { rendererImages } from "../../src/present/images.ts";
import { ALICE, BOB, options, setup, type World } from "../support/helpers.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, rendererImages);
});
afterEach(() => w.close());

describe("images with the real renderer", () => {
  it("game message - carries a PNG board and a GIF animation - resigned game", async () => {
    const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, first: "me" }));
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    const gameId = accepted.bind!.id;
    await handleButton(w.ctx(ALICE), { type: "game", gameId, ply: 0, action: { kind: "move", house: 3 } });
    const done = await handleButton(w.ctx(BOB), { type: "game", gameId, ply: 1, action: { kind: "resign-confirm" } });
    const board = await done.reply.image!();
    expect(board?.data.subarray(0, 4)).toEqual(PNG);
    const gif = await (await handleButton(w.ctx(BOB), { type: "game", gameId, ply: 1, action: { kind: "animate" } }))
      .reply.image!();
    expect(gif?.data.subarray(0, 3).toString()).toBe("GIF");
  });

  it("game message - shows each move as a GIF when the server turns animations on - PNG before the first move", async () => {
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx(ALICE, { canManageGuild: true }),
      options({ animations: true }),
    );
    const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, first: "me" }));
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    const gameId = accepted.bind!.id;
    const start = await accepted.reply.image!();
    expect(start?.name).toMatch(/\.png$/);
    const moved = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId,
      ply: 0,
      action: { kind: "move", house: 3 },
    });
    const image = await moved.reply.image!();
    expect(image?.name).toMatch(/\.gif$/);
    expect(image?.data.subarray(0, 6).toString()).toBe("GIF89a");
  });
});
