/**
 * `npm run restore -- <backup file> [--force]`: replaces the database (DATABASE_PATH) with a backup,
 * with the bot stopped. The replaced file is kept next to it as `<name>.before-restore-<date>.db`.
 */
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, restoreDatabase } from "../db/backup.ts";
import { DatabaseDamagedError } from "../db/integrity.ts";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1) throw new BackupError("Usage: npm run restore -- <backup file> [--force]");
  const { databasePath } = loadConfig();
  const { previous } = await restoreDatabase(files[0], databasePath, { force });
  console.log(`Restored ${files[0]} into ${databasePath} (quick_check ok, migrated).`);
  if (previous) console.log(`The database it replaced is kept as ${previous}.`);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof BackupError || error instanceof DatabaseDamagedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
