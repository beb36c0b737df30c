/**
 * The bots a load run can start: this tree's, or an earlier commit's (`--baseline <commit>`), checked out
 * in a worktree of its own in the system's temporary folder with its own `npm ci`. The worktree is kept
 * for the next run against the same commit (named by the full commit id; `git worktree prune` forgets it
 * once the folder is gone). Each bot is started with its own entry point and registers its own commands,
 * so an older layout (`src/main.ts` before `src/bin/`) runs as it was.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BotTree {
  /** What the tables call it: "this tree" or the commit's short id. */
  readonly label: string;
  readonly root: string;
  /** The bot's entry point, relative to `root`. */
  readonly entry: string;
  /** The command registration's entry point, relative to `root`. */
  readonly deploy: string;
}

/** The first of `paths` that exists under `root`. */
function firstOf(root: string, paths: readonly string[]): string {
  const found = paths.find((path) => existsSync(join(root, path)));
  if (!found) throw new Error(`none of ${paths.join(", ")} in ${root}`);
  return found;
}

export function botTree(root: string, label: string): BotTree {
  return {
    label,
    root,
    entry: firstOf(root, ["src/bin/main.ts", "src/main.ts"]),
    deploy: firstOf(root, ["src/bin/deploy-commands.ts", "src/deploy-commands.ts"]),
  };
}

/** `commit` checked out (once) in a worktree of the repository at `root`, its dependencies installed. */
export function baselineTree(root: string, commit: string): BotTree {
  const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
  const full = git("rev-parse", "--verify", `${commit}^{commit}`);
  const dir = join(tmpdir(), `nickar-bench-baseline-${full}`);
  // Written once `npm ci` has finished: an install cut short (a native module half built) is done again.
  const installed = join(dir, "node_modules", ".nickar-bench-installed");
  if (!existsSync(installed)) {
    git("worktree", "prune");
    if (!existsSync(dir)) git("worktree", "add", "--detach", dir, full);
    console.log(`installing ${commit}'s dependencies in ${dir} (native modules are built: minutes)`);
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (install.status !== 0) throw new Error(`npm ci failed in ${dir}`);
    writeFileSync(installed, `${full}\n`);
  }
  return botTree(dir, git("rev-parse", "--short", full));
}

/**
 * Registers the tree's own commands in the local Discord's server, with the tree's own code. Asynchronous:
 * the local Discord that answers runs on this process's event loop.
 */
export async function deployTreeCommands(tree: BotTree, env: Record<string, string>): Promise<void> {
  const deploy = spawn(process.execPath, ["--import", "tsx", tree.deploy], {
    cwd: tree.root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  deploy.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const [status] = (await once(deploy, "exit")) as [number | null];
  if (status !== 0) throw new Error(`could not register ${tree.label}'s commands: ${stderr}`);
}
