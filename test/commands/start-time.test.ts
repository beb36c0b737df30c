import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_START_AHEAD_MS, parseStartTime } from "../../src/commands/start-time.ts";

const NOW = Date.UTC(2026, 11, 4, 12, 0);

describe("tournament start time", () => {
  it("start time - read - relative, Discord timestamps, Unix seconds, dates in UTC or with an offset", () => {
    expect(parseStartTime("90m", NOW)).toBe(NOW + 90 * 60_000);
    expect(parseStartTime("in 1d 6h", NOW)).toBe(NOW + 30 * 3_600_000);
    expect(parseStartTime("<t:1796500000:F>", NOW)).toBe(1_796_500_000_000);
    expect(parseStartTime("1796500000", NOW)).toBe(1_796_500_000_000);
    expect(parseStartTime("2026-12-24 19:30", NOW)).toBe(Date.UTC(2026, 11, 24, 19, 30));
    expect(parseStartTime("2026-12-24T19:30+01:00", NOW)).toBe(Date.UTC(2026, 11, 24, 18, 30));
    expect(parseStartTime("2026-12-24 19:30 -0330", NOW)).toBe(Date.UTC(2026, 11, 24, 23, 0));
  });

  it("start time - refused - not a time, in the past, too far ahead, impossible dates", () => {
    expect(parseStartTime("tomorrow", NOW)).toBe("unknown");
    expect(parseStartTime("2h and then", NOW)).toBe("unknown");
    expect(parseStartTime("2026-02-30 10:00", NOW)).toBe("unknown");
    expect(parseStartTime("2026-12-24 25:00", NOW)).toBe("unknown");
    expect(parseStartTime("2026-12-01 10:00", NOW)).toBe("past");
    expect(parseStartTime("0m", NOW)).toBe("past");
    expect(parseStartTime("61d", NOW)).toBe("too-far");
  });

  it("start time - a relative time is now plus its parts - any minutes, hours and days", () => {
    fc.assert(
      fc.property(fc.nat(59), fc.nat(23), fc.nat(30), (m, h, d) => {
        const ahead = m * 60_000 + h * 3_600_000 + d * 86_400_000;
        const got = parseStartTime(`${d}d ${h}h ${m}m`, NOW);
        if (ahead === 0) expect(got).toBe("past");
        else if (ahead > MAX_START_AHEAD_MS) expect(got).toBe("too-far");
        else expect(got).toBe(NOW + ahead);
      }),
    );
  });
});
