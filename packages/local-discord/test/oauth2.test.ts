// The OAuth2 flow an Activity signs in with: a code from `authorize`, its exchange with the client
// secret, and GET /users/@me with the bearer token, each refusal as Discord (RFC 6749) answers it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalDiscord } from "../src/index.ts";
import { driver, startDiscord } from "./harness.ts";

let discord: LocalDiscord;

beforeAll(async () => {
  discord = await startDiscord({ clientSecret: "s3cret" });
});
afterAll(() => discord.close());

async function code(user = "alice", scope: unknown = ["identify"]): Promise<string> {
  const r = await driver(discord, "/local/activity/authorize", { user, scope });
  expect(r.status).toBe(200);
  return r.body.code;
}

/** What the bot's server sends: a form with the client's credentials in it (unless `basic`). */
async function exchange(fields: Record<string, string>, opts: { basic?: string; path?: string; type?: string } = {}) {
  const headers: Record<string, string> = { "content-type": opts.type ?? "application/x-www-form-urlencoded" };
  if (opts.basic) headers.authorization = `Basic ${Buffer.from(opts.basic).toString("base64")}`;
  const response = await fetch(`${discord.apiUrl}${opts.path ?? "/v10/oauth2/token"}`, {
    method: "POST",
    headers,
    body: opts.type === "application/json" ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: await response.json() };
}

const form = (c: string, extra: Record<string, string> = {}) => ({
  client_id: discord.applicationId,
  client_secret: "s3cret",
  grant_type: "authorization_code",
  code: c,
  ...extra,
});

async function me(authorization: string, base = `${discord.apiUrl}/v10`) {
  const response = await fetch(`${base}/users/@me`, { headers: { authorization } });
  return { status: response.status, body: await response.json() };
}

describe("OAuth2 token exchange", () => {
  it("token exchange - a code from authorize becomes a bearer token for its user - client secret in the form", async () => {
    const r = await exchange(form(await code("alice", ["identify", "guilds"])));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: "Bearer", expires_in: 604800, scope: "identify guilds" });
    expect(typeof r.body.access_token).toBe("string");
    expect(typeof r.body.refresh_token).toBe("string");
    const user = await me(`Bearer ${r.body.access_token}`);
    expect(user.status).toBe(200);
    expect(user.body.username).toBe("alice");
  });

  it("token exchange - HTTP Basic credentials work too - unversioned /api/oauth2/token", async () => {
    const { client_secret: _, client_id: __, ...rest } = form(await code("bob"));
    const r = await exchange(rest, { basic: `${discord.applicationId}:s3cret`, path: "/oauth2/token" });
    expect(r.status).toBe(200);
    expect((await me(`Bearer ${r.body.access_token}`)).body.username).toBe("bob");
  });

  it("token exchange - 401 invalid_client - wrong client secret", async () => {
    const r = await exchange(form(await code(), { client_secret: "wrong" }));
    expect(r).toEqual({ status: 401, body: { error: "invalid_client", error_description: expect.any(String) } });
  });

  it("token exchange - 401 invalid_client - another client id, or no secret at all", async () => {
    expect((await exchange(form(await code(), { client_id: "123" }))).status).toBe(401);
    const { client_secret: _, ...noSecret } = form(await code());
    expect((await exchange(noSecret)).body.error).toBe("invalid_client");
  });

  it("token exchange - 400 invalid_grant - a code used twice", async () => {
    const c = await code();
    expect((await exchange(form(c))).status).toBe(200);
    expect(await exchange(form(c))).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: expect.any(String) },
    });
  });

  it("token exchange - 400 invalid_grant - a code that was never issued", async () => {
    expect((await exchange(form("made-up"))).body.error).toBe("invalid_grant");
  });

  it("token exchange - 400 invalid_grant - a redirect_uri the authorization did not name", async () => {
    const r = await exchange(form(await code(), { redirect_uri: "https://example.com/cb" }));
    expect(r.body.error).toBe("invalid_grant");
  });

  it("token exchange - 400 unsupported_grant_type - client_credentials, or no grant type", async () => {
    expect((await exchange(form(await code(), { grant_type: "client_credentials" }))).body.error).toBe(
      "unsupported_grant_type",
    );
    const { grant_type: _, ...none } = form(await code());
    expect((await exchange(none)).body.error).toBe("unsupported_grant_type");
  });

  it("refresh - a new pair for the same user and scopes, the old access token ended - refresh_token grant", async () => {
    const first = (await exchange(form(await code("carol", ["identify", "guilds"])))).body;
    const { code: _, ...credentials } = form("");
    const r = await exchange({ ...credentials, grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: "Bearer", expires_in: 604800, scope: "identify guilds" });
    expect(r.body.access_token).not.toBe(first.access_token);
    expect(r.body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(`Bearer ${r.body.access_token}`)).body.username).toBe("carol");
    expect((await me(`Bearer ${first.access_token}`)).status).toBe(401);
  });

  it("refresh - 400 invalid_grant - a refresh token used twice, unknown, or missing; 401 without the secret", async () => {
    const first = (await exchange(form(await code()))).body;
    const { code: _, ...credentials } = form("");
    const refresh = (token?: string) =>
      exchange({ ...credentials, grant_type: "refresh_token", ...(token !== undefined && { refresh_token: token }) });
    expect((await refresh(first.refresh_token)).status).toBe(200);
    expect((await refresh(first.refresh_token)).body.error).toBe("invalid_grant");
    expect((await refresh("nonsense")).body.error).toBe("invalid_grant");
    expect((await refresh()).body.error).toBe("invalid_request");
    const second = (await exchange(form(await code()))).body;
    const noSecret = await exchange({
      client_id: discord.applicationId,
      grant_type: "refresh_token",
      refresh_token: second.refresh_token,
    });
    expect(noSecret).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });

  it("token exchange - 400 invalid_request - a JSON body, or credentials both in the form and Basic", async () => {
    const json = await exchange(form(await code()), { type: "application/json" });
    expect(json).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const twice = await exchange(form(await code()), { basic: `${discord.applicationId}:s3cret` });
    expect(twice).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  it("authorize - refused - an unknown scope, another application's client id", async () => {
    const badScope = await driver(discord, "/local/activity/authorize", { user: "alice", scope: ["identify", "nope"] });
    expect(badScope.status).toBe(400);
    expect(badScope.body.error.message).toMatch(/invalid_scope/);
    const other = await driver(discord, "/local/activity/authorize", { user: "alice", client_id: "42" });
    expect(other.body.error.message).toMatch(/invalid_client/);
  });
});

describe("bearer tokens", () => {
  it("users/@me - the user's Discord language - locale with identify", async () => {
    await driver(discord, "/local/users", { name: "dave", locale: "fr" });
    const r = await exchange(form(await code("dave")));
    expect((await me(`Bearer ${r.body.access_token}`)).body).toMatchObject({ username: "dave", locale: "fr" });
  });

  it("users/@me - 401 - a bearer token that was never issued, or no credentials", async () => {
    expect((await me("Bearer nonsense")).status).toBe(401);
    expect((await me("")).status).toBe(401);
  });

  it("users/@me - 401 - a token without the identify scope", async () => {
    const r = await exchange(form(await code("alice", ["guilds"])));
    expect(r.status).toBe(200);
    expect((await me(`Bearer ${r.body.access_token}`)).status).toBe(401);
  });

  it("users/@me - the bot's own token still gives the bot - Bot authorization", async () => {
    const r = await me(`Bot ${discord.token}`);
    expect(r.status).toBe(200);
    expect(r.body.bot).toBe(true);
  });

  it("users/@me - a bearer token works on the Activity's origin too - /.local-discord/users/@me", async () => {
    const r = await exchange(form(await code("bob")));
    const user = await me(`Bearer ${r.body.access_token}`, `${discord.activityUrl}.local-discord`);
    expect(user).toMatchObject({ status: 200, body: { username: "bob" } });
    expect((await me("Bearer nonsense", `${discord.activityUrl}.local-discord`)).status).toBe(401);
  });

  it("bearer token - refused on bot routes - GET /applications/@me", async () => {
    const r = await exchange(form(await code("alice")));
    const response = await fetch(`${discord.apiUrl}/v10/applications/@me`, {
      headers: { authorization: `Bearer ${r.body.access_token}` },
    });
    expect(response.status).toBe(401);
  });
});

describe("expiry on the playground clock", () => {
  it("token exchange - 400 invalid_grant - a code older than 10 minutes", async () => {
    const local = await startDiscord({ clientSecret: "s" });
    try {
      const c = (await driver(local, "/local/activity/authorize", { user: "alice" })).body.code;
      await driver(local, "/local/clock", { advance: "11m" });
      const response = await fetch(`${local.apiUrl}/v10/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: local.applicationId,
          client_secret: "s",
          grant_type: "authorization_code",
          code: c,
        }).toString(),
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("invalid_grant");
    } finally {
      await local.close();
    }
  });

  it("users/@me - 401 - a bearer token older than 7 days", async () => {
    const local = await startDiscord({ clientSecret: "s" });
    try {
      const c = (await driver(local, "/local/activity/authorize", { user: "alice" })).body.code;
      const response = await fetch(`${local.apiUrl}/v10/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `client_id=${local.applicationId}&client_secret=s&grant_type=authorization_code&code=${c}`,
      });
      const token = (await response.json()).access_token;
      const ask = () => fetch(`${local.apiUrl}/v10/users/@me`, { headers: { authorization: `Bearer ${token}` } });
      expect((await ask()).status).toBe(200);
      await driver(local, "/local/clock", { advance: "7d" });
      await driver(local, "/local/clock", { advance: "1m" });
      expect((await ask()).status).toBe(401);
    } finally {
      await local.close();
    }
  });
});
