import { describe, expect, it } from "vitest";
import { createLocalDiscord } from "../src/index.ts";

async function ids() {
  const local = await createLocalDiscord({ port: 0 });
  try {
    await fetch(`${local.url}/local/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Carol" }),
    });
    const users = (await (await fetch(`${local.url}/local/users`)).json()) as { id: string; username: string }[];
    const channels = (await (await fetch(`${local.url}/local/channels`)).json()) as { id: string; name: string }[];
    return {
      guild: local.guildId,
      application: local.applicationId,
      users: Object.fromEntries(users.map((u) => [u.username, u.id])),
      channels: Object.fromEntries(channels.map((c) => [c.name, c.id])),
    };
  } finally {
    await local.close();
  }
}

describe("stable ids", () => {
  it("local discord - keeps the same server, channel and user ids - across restarts", async () => {
    const first = await ids();
    const second = await ids();
    expect(second).toEqual(first);
    expect(Object.keys(first.users)).toEqual(expect.arrayContaining(["alice", "bob", "admin", "carol"]));
    const all = [first.guild, ...Object.values(first.users), ...Object.values(first.channels)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((id) => /^\d{17,20}$/.test(id))).toBe(true);
  });
});
