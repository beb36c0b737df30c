// The role keeper's own life: a pass that fails never escapes as an unhandled rejection (it is logged, and
// the next change tries again), and once stopped it starts no pass (the database is about to close).
import { describe, expect, it } from "vitest";
import { RoleKeeper } from "../../../src/competition/jobs/role-keeper.ts";
import type { App } from "../../../src/interactions/context.ts";
import type { Logger } from "../../../src/logger.ts";

function keeper(guilds: () => string[]) {
  const errors: unknown[] = [];
  const logger = { error: (o: unknown) => errors.push(o), warn() {}, info() {}, debug() {} } as unknown as Logger;
  const app = { roles: { guilds, list: () => [] } } as unknown as App;
  const rest = { put: async () => {}, delete: async () => {}, get: async () => ({}) };
  const messenger = { send: async () => null, edit: async () => {}, direct: async () => null, remove: async () => {} };
  return { keeper: new RoleKeeper(app, rest, messenger, logger), errors };
}

describe("role keeper", () => {
  it("role keeper - a failing pass is logged, not thrown - the database closed under it", async () => {
    const { keeper: k, errors } = keeper(() => {
      throw new TypeError("The database connection is not open");
    });
    k.poke();
    await k.idle();
    expect(errors).toHaveLength(1);
  });

  it("role keeper - no pass once stopped - a change after the stop", async () => {
    let passes = 0;
    const { keeper: k } = keeper(() => {
      passes++;
      return [];
    });
    k.poke();
    await k.idle();
    expect(passes).toBe(1);
    await k.stop();
    k.poke();
    await k.mend();
    await k.idle();
    expect(passes).toBe(1);
  });
});
