/** `/nickar board` reposts only for the players (or Manage Server); `/nickar settings` keeps at least one allowed channel. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { ALICE, BOB, CAROL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

describe("board", () => {
  async function boundGame(): Promise<string> {
    const id = await startGame(w, ALICE, BOB);
    w.app.games.bindMessage(id, "200", "board-message");
    return id;
  }

  it("board - gives a private copy without buttons and moves nothing - someone else's game elsewhere", async () => {
    const id = await boundGame();
    const res = await COMMANDS.board.handle(w.ctx(CAROL, { channelId: "other" }), options({ game: id }));
    expect(res.bind).toBeUndefined();
    expect(res.edits ?? []).toEqual([]);
    expect(res.reply).toMatchObject({ ephemeral: true, components: [], mentions: [] });
    expect(res.reply.content).toContain("Only the players can post this board again");
    expect(res.reply.image).toBeDefined();
    expect(w.app.games.get(id)!.row).toMatchObject({ channelId: "200", messageId: "board-message" });
  });

  it("board - reposts and takes the buttons along - a player or an admin", async () => {
    const id = await boundGame();
    const res = await COMMANDS.board.handle(w.ctx(BOB, { channelId: "other" }), options({ game: id }));
    expect(res).toMatchObject({ mode: "reply", bind: { kind: "game", id } });
    expect(res.reply.ephemeral).toBeUndefined();
    expect(buttonIds(res)).toHaveLength(9);
    const moved = res.afterBind?.({ channelId: "200", messageId: "newer" }) ?? [];
    expect(moved.map((e) => [e.ref.messageId, e.reply.components])).toEqual([["board-message", []]]);
    const admin = await COMMANDS.board.handle(
      w.ctx(CAROL, { channelId: "mods", canManageGuild: true }),
      options({ game: id }),
    );
    expect(admin).toMatchObject({ mode: "reply", bind: { kind: "game", id } });
  });
});

describe("allowed channels", () => {
  const admin = () => w.ctx(CAROL, { canManageGuild: true });

  it("settings - refuses to disallow the last allowed channel - one channel left", async () => {
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ allow_channel: { id: "77" } }));
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ allow_channel: { id: "78" } }));
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ disallow_channel: { id: "77" } }));
    expect(w.app.settings.get(GUILD).allowedChannels).toEqual(["78"]);
    await expect(async () =>
      COMMANDS["nickar-admin settings"].handle(admin(), options({ disallow_channel: { id: "78" } })),
    ).rejects.toMatchObject({
      code: "settings/last-channel",
      message: expect.stringContaining("all_channels:true"),
    });
    expect(w.app.settings.get(GUILD).allowedChannels).toEqual(["78"]);
    // Moving to another channel in one go, or lifting the restriction, is fine.
    await COMMANDS["nickar-admin settings"].handle(
      admin(),
      options({ allow_channel: { id: "79" }, disallow_channel: { id: "78" } }),
    );
    expect(w.app.settings.get(GUILD).allowedChannels).toEqual(["79"]);
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ all_channels: true }));
    expect(w.app.settings.get(GUILD).allowedChannels).toBeNull();
  });

  it("settings - says what is wrong - disallowing a channel that is not allowed", async () => {
    await expect(async () =>
      COMMANDS["nickar-admin settings"].handle(admin(), options({ disallow_channel: { id: "77" } })),
    ).rejects.toMatchObject({ code: "settings/all-channels" });
    await COMMANDS["nickar-admin settings"].handle(admin(), options({ allow_channel: { id: "78" } }));
    await expect(async () =>
      COMMANDS["nickar-admin settings"].handle(admin(), options({ disallow_channel: { id: "77" } })),
    ).rejects.toMatchObject({ code: "settings/not-allowed" });
    await expect(async () =>
      COMMANDS["nickar-admin settings"].handle(w.ctx(ALICE), options({ disallow_channel: { id: "78" } })),
    ).rejects.toMatchObject({ code: "permission/manage-server" });
    expect(w.app.settings.get(GUILD).allowedChannels).toEqual(["78"]);
  });
});
