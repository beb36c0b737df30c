/**
 * Notices when the database file the bot opened is no longer the file at its path: deleted (the bot
 * would go on writing to a file nobody can open again) or replaced by another file (a restore or a
 * copy while the bot runs: the bot would keep writing to the old one). SQLite itself cannot notice,
 * since its open file handle stays valid, so the path's device and inode are compared with the ones
 * seen at start-up. A file overwritten in place (same inode) is not detected: that is what
 * `npm run restore` refuses to do while the bot runs.
 */
import { statSync } from "node:fs";

interface Identity {
  readonly dev: number;
  readonly ino: number;
}

function identityOf(path: string): Identity | null {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    return null;
  }
}

export class DatabaseFileWatch {
  private readonly opened: Identity;

  constructor(private readonly path: string) {
    const identity = identityOf(path);
    if (!identity) throw new Error(`the database file ${path} does not exist`);
    this.opened = identity;
  }

  /** Null while the path is the file opened at start-up; otherwise what happened to it. A stat call. */
  problem(): string | null {
    const now = identityOf(this.path);
    if (!now) return `the database file ${this.path} was deleted while Nickar was running`;
    if (now.dev !== this.opened.dev || now.ino !== this.opened.ino) {
      return `the database file ${this.path} was replaced by another file while Nickar was running (inode ${this.opened.ino} became ${now.ino})`;
    }
    return null;
  }
}
