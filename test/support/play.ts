/** Games played quickly through the real handlers: challenge, accept, then resign or agree a draw. */
import { expect } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { Response } from "../../src/interactions/reply.ts";
import { options, type World } from "./helpers.ts";

export type Result = "south" | "north" | "draw";

export function buttonIds(res: Response): string[] {
  return (res.reply.components ?? []).flatMap((row) =>
    row.components.map((c) => ("custom_id" in c ? c.custom_id : "")),
  );
}

/**
 * `south` challenges `north` (moving first) with `command` (a game, or "series challenge") and `north`
 * accepts: the acceptance's response, bound to the first game.
 */
export async function acceptedChallenge(
  w: World,
  south: string,
  north: string,
  values: Parameters<typeof options>[0] = {},
  command: "challenge" | "series challenge" = "challenge",
): Promise<Response> {
  const res = await COMMANDS[command].handle(
    w.ctx(south),
    options({ opponent: { id: north }, first: "me", ...values }),
  );
  return handleButton(w.ctx(north), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
}

/** `south` challenges `north` (moving first) and `north` accepts; returns the game id. */
export async function startGame(
  w: World,
  south: string,
  north: string,
  values: Parameters<typeof options>[0] = {},
): Promise<string> {
  return (await acceptedChallenge(w, south, north, values)).bind!.id;
}

/** Ends an active game: the loser resigns, or South offers a draw and North accepts. */
export async function finish(w: World, gameId: string, result: Result): Promise<Response> {
  const { row } = w.app.games.get(gameId)!;
  const ply = row.ply;
  const press = (userId: string, kind: "resign-confirm" | "draw") =>
    handleButton(w.ctx(userId), { type: "game", gameId, ply, action: { kind } });
  if (result === "draw") {
    await press(row.southId, "draw");
    return press(row.northId, "draw");
  }
  const res = await press(result === "south" ? row.northId : row.southId, "resign-confirm");
  expect(w.app.games.get(gameId)!.row.status).toBe("finished");
  return res;
}

/** A whole rated (by default) game: `south` against `north` with the given result. */
export async function playGame(
  w: World,
  south: string,
  north: string,
  result: Result,
  values: Parameters<typeof options>[0] = {},
): Promise<string> {
  const id = await startGame(w, south, north, values);
  await finish(w, id, result);
  return id;
}
