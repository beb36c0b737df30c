/**
 * bench:versus's side of an external Oware engine: a child process spoken to over stdin/stdout in the
 * adapted UCI of Aalina (Joan Sala Soler's Samurai framework), which GUIs such as Auale use:
 *
 *   > uci                      < id name ... / option name ... / uciok
 *   > setoption name EngineTurn value north     (only if the engine offers the option)
 *   > debug on                 (Aalina then lists its legal moves: `info string moves F C A E D B`)
 *   > isready                  < readyok
 *   > ucinewgame
 *   > position startpos moves CfAd             (the game's moves as one word of letters)
 *   > position fen 5-5-0-...-0-0-S             (a position alone: docs/rules.md's position string)
 *   > go movetime 500          < info ... / bestmove F [ponder b]
 *
 * Moves are the letters of docs/rules.md section 1 (A..F South's houses, a..f North's), the same as
 * Aalina's. `bestmove 0000` means the engine holds the game to be over. Written by hand: the npm
 * registry's UCI clients speak chess (squares, FEN), not this dialect.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** What the engine answered to one `go`. */
export interface EngineMove {
  /** The word after `bestmove` (a letter, `0000`, or whatever the engine wrote). */
  readonly word: string;
  /** The legal moves the engine said it sees (Aalina's debug line), when it said so. */
  readonly claimedLegal?: readonly string[];
  /** Wall-clock time from `go` to `bestmove`. */
  readonly ms: number;
}

export class EngineFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EngineFailure";
  }
}

/** An answer later than the move time plus this is a hung engine. */
const GRACE_MS = 10_000;

export class UciEngine {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private exited: string | null = null;
  private readonly stderr: string[] = [];
  /** The options the engine offered in answer to `uci`. */
  private readonly options = new Set<string>();
  name = "external engine";

  private constructor(readonly command: string) {
    // Its own process group, so that close() ends the shell and the engine it started together.
    this.child = spawn(command, { shell: true, stdio: ["pipe", "pipe", "pipe"], detached: true });
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      this.lines.push(line.trim());
      this.wake();
    });
    createInterface({ input: this.child.stderr as NodeJS.ReadableStream }).on("line", (line) => {
      this.stderr.push(line);
      if (this.stderr.length > 20) this.stderr.shift();
    });
    this.child.on("exit", (code, signal) => {
      this.exited = `exited (${signal ?? `code ${code}`})`;
      this.wake();
    });
    this.child.on("error", (error) => {
      this.exited = `could not start: ${error.message}`;
      this.wake();
    });
    this.child.stdin?.on("error", () => {
      // A write after the engine died: reported by the next read.
    });
  }

  /** Starts the engine and waits for `uciok` (a JVM and its opening book can take seconds). */
  static async start(command: string): Promise<UciEngine> {
    const engine = new UciEngine(command);
    engine.send("uci");
    for (;;) {
      const line = await engine.next(60_000, "uciok");
      if (line === "uciok") break;
      const option = /^option name (\S+)/.exec(line);
      if (option) engine.options.add(option[1]);
      const id = /^id name (.+)$/.exec(line);
      if (id) engine.name = id[1].trim();
    }
    engine.send("debug on");
    await engine.ready();
    return engine;
  }

  offers(option: string): boolean {
    return this.options.has(option);
  }

  /** A new game; `side` tells an engine with Aalina's EngineTurn option which side it plays (its contempt). */
  async newGame(side: "south" | "north"): Promise<void> {
    if (this.offers("EngineTurn")) this.send(`setoption name EngineTurn value ${side}`);
    this.send("ucinewgame");
    await this.ready();
  }

  /**
   * The engine's move after `letters` (the whole game from the start), or in `fen` (a position string,
   * given without its history) when given, thinking `ms` milliseconds.
   */
  async bestMove(letters: string, ms: number, fen?: string): Promise<EngineMove> {
    if (fen !== undefined) this.send(`position fen ${fen}`);
    else this.send(letters === "" ? "position startpos" : `position startpos moves ${letters}`);
    const started = performance.now();
    this.send(`go movetime ${ms}`);
    let claimedLegal: string[] | undefined;
    for (;;) {
      const line = await this.next(ms + GRACE_MS, "bestmove");
      const legal = /^info string moves\s*(.*)$/.exec(line);
      if (legal) claimedLegal = legal[1].split(/\s+/).filter((w) => w !== "");
      const best = /^bestmove\s+(\S+)/.exec(line);
      if (best) return { word: best[1], ms: performance.now() - started, ...(claimedLegal && { claimedLegal }) };
    }
  }

  /** Ends the engine (its whole process group); safe to call twice. */
  close(): void {
    if (this.exited !== null || this.child.pid === undefined) return;
    this.send("quit");
    const pid = this.child.pid;
    setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, 500).unref();
  }

  private async ready(): Promise<void> {
    this.send("isready");
    while ((await this.next(30_000, "readyok")) !== "readyok") {
      // Skips info lines.
    }
  }

  private send(line: string): void {
    if (this.exited === null) this.child.stdin?.write(`${line}\n`);
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  /** The next line of output, or an EngineFailure if the engine dies or says nothing for `ms`. */
  private async next(ms: number, awaiting: string): Promise<string> {
    const deadline = performance.now() + ms;
    while (this.lines.length === 0) {
      if (this.exited !== null)
        throw new EngineFailure(`the engine ${this.exited} while we awaited ${awaiting}${this.tail()}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new EngineFailure(`no ${awaiting} within ${ms} ms${this.tail()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.lines.shift() as string;
  }

  private tail(): string {
    return this.stderr.length === 0 ? "" : ` (stderr: ${this.stderr.slice(-3).join(" | ")})`;
  }
}
