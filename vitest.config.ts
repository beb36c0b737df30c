import { defineConfig } from "vitest/config";

// Two tiers (docs/testing.md, "The two tiers"): `npm run test:unit` runs the projects "unit" and "local-discord", everything that
// needs no bot process and no browser; `npm test` runs every project, "e2e" included, as CI does.
const BROWSER_TESTS = "**/*.browser.test.ts";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**", BROWSER_TESTS] },
      },
      {
        extends: true,
        test: {
          name: "local-discord",
          include: ["packages/local-discord/test/**/*.test.ts"],
          exclude: [BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: { name: "e2e", include: ["test/e2e/**/*.test.ts", `packages/*/test/${BROWSER_TESTS}`] },
      },
    ],
  },
});
