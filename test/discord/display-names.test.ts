import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { DisplayNames, type NameFetchers } from "../../src/discord/display-names.ts";

const G = "100";
const MINUTE = 60_000;

/** Fetchers over plain maps that count their calls; a missing member or user throws, as Discord does. */
function fake() {
  const members = new Map<string, string>();
  const users = new Map<string, string>();
  const calls = { member: 0, user: 0 };
  let gate: Promise<void> | null = null;
  const fetchers: NameFetchers = {
    member: async (guildId, userId) => {
      calls.member++;
      if (gate) await gate;
      const name = members.get(`${guildId}:${userId}`);
      if (name === undefined) throw new Error("Unknown Member");
      return name;
    },
    user: async (userId) => {
      calls.user++;
      if (gate) await gate;
      const name = users.get(userId);
      if (name === undefined) throw new Error("Unknown User");
      return name;
    },
  };
  return {
    members,
    users,
    calls,
    fetchers,
    /** Holds every fetch until the returned function is called. */
    hold: () => {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
  };
}

describe("display names", () => {
  it("display name - the member's name first, then the user's - member, left the server, no guild", async () => {
    const f = fake();
    f.members.set(`${G}:a`, "Ann (nick)");
    f.users.set("a", "Ann");
    f.users.set("b", "Bo");
    const errors: string[] = [];
    const names = new DisplayNames({
      fetchers: f.fetchers,
      clock: manualClock(),
      onError: (_err, userId) => errors.push(userId),
    });
    expect(await names.get(G, "a")).toBe("Ann (nick)");
    // Bo left the server: the member look-up throws and the user look-up is still tried.
    expect(await names.get(G, "b")).toBe("Bo");
    expect(errors).toEqual(["b"]);
    expect(await names.get(null, "a")).toBe("Ann");
    expect(f.calls).toEqual({ member: 2, user: 2 });
  });

  it("display name - cached, then looked up again - a nickname change after ten minutes", async () => {
    const f = fake();
    const clock = manualClock();
    f.members.set(`${G}:a`, "Ann");
    const names = new DisplayNames({ fetchers: f.fetchers, clock });
    expect(await names.get(G, "a")).toBe("Ann");
    f.members.set(`${G}:a`, "Queen Ann");
    clock.advance(10 * MINUTE - 1);
    expect(await names.get(G, "a")).toBe("Ann");
    expect(f.calls.member).toBe(1);
    clock.advance(1);
    expect(await names.get(G, "a")).toBe("Queen Ann");
    expect(f.calls.member).toBe(2);
  });

  it("display name - a failure is remembered only briefly - unknown user found later", async () => {
    const f = fake();
    const clock = manualClock();
    const names = new DisplayNames({ fetchers: f.fetchers, clock, failureTtlMs: 30_000 });
    expect(await names.get(G, "z")).toBe("");
    expect(await names.get(G, "z")).toBe("");
    expect(f.calls).toEqual({ member: 1, user: 1 });
    f.users.set("z", "Zed");
    clock.advance(30_000);
    expect(await names.get(G, "z")).toBe("Zed");

    // With no failure cache at all, every look-up of an unknown user asks again.
    const uncached = new DisplayNames({ fetchers: f.fetchers, clock, failureTtlMs: 0 });
    await uncached.get(null, "y");
    await uncached.get(null, "y");
    expect(f.calls.user).toBe(4);
    expect(uncached.size).toBe(0);
  });

  it("display name - one request for concurrent look-ups - three boards rendered at once", async () => {
    const f = fake();
    f.members.set(`${G}:a`, "Ann");
    const names = new DisplayNames({ fetchers: f.fetchers, clock: manualClock() });
    const release = f.hold();
    const all = Promise.all([names.get(G, "a"), names.get(G, "a"), names.get(G, "a")]);
    release();
    expect(await all).toEqual(["Ann", "Ann", "Ann"]);
    expect(f.calls.member).toBe(1);
    // The shared request is forgotten once settled: a failure is not shared with later callers either.
    f.members.delete(`${G}:a`);
    const failing = new DisplayNames({ fetchers: f.fetchers, clock: manualClock(), failureTtlMs: 0 });
    const release2 = f.hold();
    const both = Promise.all([failing.get(G, "a"), failing.get(G, "a")]);
    release2();
    expect(await both).toEqual(["", ""]);
    expect(f.calls.member).toBe(2);
    f.members.set(`${G}:a`, "Ann again");
    expect(await failing.get(G, "a")).toBe("Ann again");
  });

  it("display name - bounded, least recently used out first - a cap of three", async () => {
    const f = fake();
    for (const u of ["a", "b", "c", "d"]) f.users.set(u, u.toUpperCase());
    const names = new DisplayNames({ fetchers: f.fetchers, clock: manualClock(), maxEntries: 3 });
    for (const u of ["a", "b", "c"]) await names.get(null, u);
    await names.get(null, "a"); // a is now the most recently used; b the least
    await names.get(null, "d");
    expect(names.size).toBe(3);
    expect(f.calls.user).toBe(4);
    await names.get(null, "a");
    await names.get(null, "c");
    expect(f.calls.user).toBe(4);
    expect(await names.get(null, "b")).toBe("B");
    expect(f.calls.user).toBe(5);
    expect(names.size).toBe(3);
  });

  it("display name - no request for a name an interaction showed - seen, then asked", async () => {
    const f = fake();
    f.members.set(`${G}:a`, "Ann (fetched)");
    const names = new DisplayNames({ fetchers: f.fetchers, clock: manualClock() });
    names.seen(G, "a", "Ann");
    names.seen(G, "b", null);
    expect(await names.get(G, "a")).toBe("Ann");
    expect(f.calls.member).toBe(0);
    f.users.set("b", "Bo");
    expect(await names.get(G, "b")).toBe("Bo");
    expect(f.calls.member + f.calls.user).toBe(2);
  });

  it("display name - answers at once with no name, keeps the late answer - a look-up held up", async () => {
    const f = fake();
    f.members.set(`${G}:a`, "Ann");
    const names = new DisplayNames({ fetchers: f.fetchers, clock: manualClock(), waitMs: 20 });
    const release = f.hold();
    expect(await names.get(G, "a")).toBe("");
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await names.get(G, "a")).toBe("Ann");
    expect(f.calls.member).toBe(1);
  });
});
