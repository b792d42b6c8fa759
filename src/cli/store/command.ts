import { existsSync } from 'node:fs';
import { loadConfig } from '../../config/config.js';
import { UsageError } from '../args.js';
import { parseSubCommand, type CommandIo } from '../sub-command.js';

export const STORE_USAGE = `Usage: constellation store copy [--from <sqlite file>] [--to <postgres url>]

Copies an installation from its SQLite file into PostgreSQL: every tenant's data, the sealed credentials
of the vault included, keeping ids. The target is migrated first; rows already there are kept, so an
interrupted copy can be run again. Counts are checked table by table at the end (exit 1 when short).

  --from <file>   the SQLite file (default: CONSTELLATION_DATABASE, else <CONSTELLATION_DATA_DIR>/constellation.db)
  --to <url>      postgres://user:password@host:5432/database (default: CONSTELLATION_DATABASE_URL)

CONSTELLATION_ENCRYPTION_KEY must be the vault key the servers on PostgreSQL will use: credentials the
SQLite installation sealed with a key it derived (none configured; CONSTELLATION_JWT_SECRET and
CONSTELLATION_DATABASE as it ran with) are re-sealed under it.

Stop the servers that write to the SQLite file first: what they write during the copy may be missed.
`;

/** `constellation store copy`: the exit code (0 copied and counted, 1 failed or short, 2 usage). */
export async function runStoreCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await storeCommand(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`constellation: ${error.message}\n`);
    return error.exitCode;
  }
}

async function storeCommand(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseSubCommand(
    argv,
    { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    'store',
  );
  if (values.help || positionals.length === 0) {
    io.stdout(STORE_USAGE);
    return values.help ? 0 : 2;
  }
  if (positionals[0] !== 'copy' || positionals.length > 1)
    throw new UsageError(`Unknown store command "${positionals.join(' ')}". Run "constellation store --help".`);
  const config = loadConfig({ ...io.env, ...(values.to ? { CONSTELLATION_DATABASE_URL: values.to } : {}) });
  const from = values.from ?? config.databaseFile;
  if (!config.database.url)
    throw new UsageError('Name the PostgreSQL database to copy into: --to postgres://… or CONSTELLATION_DATABASE_URL.');
  if (!existsSync(from)) throw new UsageError(`There is no SQLite file at ${from}.`);
  if (!config.vaultKeys?.length)
    throw new UsageError(
      'Set CONSTELLATION_ENCRYPTION_KEY to the vault key the servers on PostgreSQL will share: the copy re-seals ' +
        'credentials under it (generate one with: openssl rand -base64 32).',
    );
  const { copyInstallation } = await import('./copy.js');
  return copyInstallation(config, from, io);
}
