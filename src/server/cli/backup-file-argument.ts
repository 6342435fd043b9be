import { loadDotEnv } from '../config.js';

export interface BackupFileArgumentOptions {
  /** What the command does with the file: 'write', 'restore'. */
  verb: string;
  usage: string;
  /** Said, before exiting 1, where DATABASE_URL names PostgreSQL: which of its own tools does the job. */
  onPostgres: string;
}

/**
 * The backup file `npm run backup` or `npm run restore` is given, its one argument (else the usage, and exit 2),
 * with `.env` read. Both are for the embedded PGlite database only: with DATABASE_URL set they exit 1.
 */
export function backupFileArgument({ verb, usage, onPostgres }: BackupFileArgumentOptions): string {
  const args = process.argv.slice(2);
  if (args.length !== 1) {
    process.stderr.write(`Expected one argument, the backup file to ${verb}, got ${args.length}\n${usage}\n`);
    process.exit(2);
  }
  loadDotEnv();
  if (process.env.DATABASE_URL) {
    process.stderr.write(`${onPostgres}\n`);
    process.exit(1);
  }
  return args[0];
}
