/**
 * `npm run backup [-- <file or folder>]`: a consistent copy of the database (DATABASE_PATH), safe
 * while the bot runs, into `<database folder>/backups/nickar-<date>.db` unless told otherwise.
 */
import { dirname, join } from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, backupDatabase } from "../db/backup.ts";
import { DatabaseDamagedError } from "../db/integrity.ts";

async function main(): Promise<void> {
  const { databasePath } = loadConfig();
  const destination = process.argv[2] ?? `${join(dirname(databasePath), "backups")}/`;
  const started = Date.now();
  const result = await backupDatabase(databasePath, destination);
  const kb = (result.bytes / 1024).toFixed(0);
  console.log(`Backed up ${databasePath} to ${result.path} (${kb} KB, ${Date.now() - started} ms, quick_check ok).`);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof BackupError || error instanceof DatabaseDamagedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
