// The Activity's origin (the stand-in for <app id>.discordsays.com): every request and WebSocket goes
// to the URL mapping's target, `/.proxy` stripped as Discord strips it; nothing without a mapping.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { LocalDiscord } from "../src/index.ts";
import { startDiscord } from "./harness.ts";

let discord: LocalDiscord;
let target: Server;
let targetUrl: string;

/** The bot's Activity server in miniature: echoes what it got, and echoes WebSocket messages with the path. */
beforeAll(async () => {
  target = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "x-target": "yes" });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          host: req.headers.host,
          auth: req.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
  });
  const wss = new WebSocketServer({ server: target });
  wss.on("connection", (ws, req) => ws.on("message", (data) => ws.send(`${req.url} ${data}`)));
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  discord = await startDiscord();
});
afterAll(async () => {
  await discord.close();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

async function setTarget(value: string | null, app = discord.applicationId) {
  const response = await fetch(`${discord.url}/local/applications/${app}/activity-url`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ target: value }),
  });
  return { status: response.status, body: await response.json() };
}

function echoThrough(path: string): Promise<string> {
  const ws = new WebSocket(`${discord.activityUrl.replace(/^http/, "ws")}${path.slice(1)}`);
  return new Promise((resolve, reject) => {
    ws.on("open", () => ws.send("hello"));
    ws.on("message", (data) => {
      resolve(String(data));
      ws.close();
    });
    ws.on("error", reject);
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

describe("activity host", () => {
  it("activity host - 404 - no URL mapping yet", async () => {
    const response = await fetch(`${discord.activityUrl}?instance_id=x`);
    expect(response.status).toBe(404);
    await expect(echoThrough("/.proxy/ws")).rejects.toThrow(/404/);
  });

  it("activity url - refused - not an http origin, another application", async () => {
    expect((await setTarget("ftp://127.0.0.1:1")).status).toBe(400);
    expect((await setTarget("not a url")).status).toBe(400);
    expect((await setTarget(targetUrl, "1")).status).toBe(404);
  });

  it("activity host - the page's path goes as it is - / with the SDK's query", async () => {
    expect((await setTarget(targetUrl)).status).toBe(200);
    const response = await fetch(`${discord.activityUrl}?instance_id=i-1&frame_id=f`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-target")).toBe("yes");
    const got = await response.json();
    expect(got.url).toBe("/?instance_id=i-1&frame_id=f");
    expect(got.host).toBe(new URL(targetUrl).host);
  });

  it("activity host - /.proxy is stripped - POST /.proxy/api/token with its body and headers", async () => {
    await setTarget(targetUrl);
    const response = await fetch(`${discord.activityUrl}.proxy/api/token?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer abc" },
      body: JSON.stringify({ code: "c" }),
    });
    const got = await response.json();
    expect(got).toMatchObject({ method: "POST", url: "/api/token?x=1", auth: "Bearer abc", body: '{"code":"c"}' });
    expect((await (await fetch(`${discord.activityUrl}.proxy`)).json()).url).toBe("/");
    // Only the whole segment: "/.proxyfoo" is a path of its own.
    expect((await (await fetch(`${discord.activityUrl}.proxyfoo/a`)).json()).url).toBe("/.proxyfoo/a");
  });

  it("activity host - a target with a path prefixes it - /.proxy/assets/app.js", async () => {
    await setTarget(`${targetUrl}/activity`);
    expect((await (await fetch(`${discord.activityUrl}.proxy/assets/app.js`)).json()).url).toBe(
      "/activity/assets/app.js",
    );
    await setTarget(targetUrl);
  });

  it("activity host - a WebSocket goes through with /.proxy stripped - echo on /.proxy/ws", async () => {
    await setTarget(targetUrl);
    expect(await echoThrough("/.proxy/ws?token=t")).toBe("/ws?token=t hello");
    expect(await echoThrough("/ws")).toBe("/ws hello");
  });

  it("activity host - 502 - the target is down", async () => {
    await setTarget("http://127.0.0.1:9");
    expect((await fetch(`${discord.activityUrl}x`)).status).toBe(502);
    await setTarget(targetUrl);
  });

  it("activity host - /.local-discord is the local Discord's own, never proxied - unknown route 404", async () => {
    await setTarget(targetUrl);
    const response = await fetch(`${discord.activityUrl}.local-discord/nothing`);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-target")).toBeNull();
  });

  it("authorize - the page's POST /.local-discord/authorize gives a code - SDK scopes", async () => {
    const alice = (await (await fetch(`${discord.url}/local/users`)).json()).find(
      (u: { username: string }) => u.username === "alice",
    );
    const ask = (body: unknown) =>
      fetch(`${discord.activityUrl}.local-discord/authorize`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const ok = await ask({ client_id: discord.applicationId, user_id: alice.id, scope: ["identify"] });
    expect(ok.status).toBe(200);
    expect(typeof (await ok.json()).code).toBe("string");
    const nobody = await ask({ client_id: discord.applicationId, user_id: "1", scope: ["identify"] });
    expect(nobody.status).toBe(400);
    const outside = await ask({
      client_id: discord.applicationId,
      user_id: alice.id,
      scope: ["identify"],
      instance_id: "i-x",
    });
    expect(outside.status).toBe(400);
  });
});

describe("activities disabled", () => {
  it("activity host - 404 even with a mapping - Activities off", async () => {
    const off = await startDiscord({ activitiesEnabled: false, activityTarget: targetUrl });
    try {
      expect((await fetch(off.activityUrl)).status).toBe(404);
      const ask = await fetch(`${off.url}/local/activity/authorize`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user: "alice" }),
      });
      expect(ask.status).toBe(400);
    } finally {
      await off.close();
    }
  });
});
