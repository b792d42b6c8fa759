import { resolve } from 'node:path';
import type pg from 'pg';
import { createKeyring, CredentialVault, openingDerivedKeys, PgCredentialStore } from '../../auth/vault/index.js';
import type { Config } from '../../config/config.js';
import { openBackend, openDatabase } from '../../database.js';
import { closeBackend } from '../../store/lifecycle.js';
import { copyTables, type TableCopy } from '../../store/copy/copy-tables.js';
import { redactedUrl } from '../../store/pg/pool.js';

interface CopyIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * Copies the SQLite installation at `source` into `config.database.url`; the exit code. `config.databaseFile`
 * is the file the installation was configured with: a vault without a configured key sealed its rows
 * with a key derived from that path.
 */
export async function copyInstallation(config: Config, sourceFile: string, io: CopyIo): Promise<number> {
  const url = config.database.url as string;
  const source = openDatabase(sourceFile);
  try {
    const target = await openBackend(config);
    if (target.kind !== 'postgres') throw new Error('The copy goes into PostgreSQL');
    try {
      io.stderr(`constellation: copying ${sourceFile} into ${redactedUrl(url)}\n`);
      const copies = await copyTables(source, target.pool, {
        progress: (copy) => io.stdout(`${line(copy)}\n`),
      });
      const short = copies.filter((copy) => copy.target < copy.source);
      if (short.length) {
        io.stderr(
          `constellation: the copy is short in ${short.map((copy) => copy.table).join(', ')}; run it again, and if it ` +
            'stays short the target held other rows under the same keys (copy into a new database)\n',
        );
        return 1;
      }
      const resealed = await resealUnderConfiguredKey(config, sourceFile, target.pool);
      if (resealed > 0) io.stdout(`re-sealed ${resealed} vault credentials under CONSTELLATION_ENCRYPTION_KEY\n`);
      const rows = copies.reduce((sum, copy) => sum + copy.source, 0);
      io.stdout(`copied ${rows} rows in ${copies.length} tables; every count matches\n`);
      return 0;
    } finally {
      await closeBackend(target);
    }
  } finally {
    source.close();
  }
}

const line = (copy: TableCopy) =>
  `${copy.table.padEnd(28)} ${String(copy.source).padStart(9)} in SQLite ${String(copy.target).padStart(9)} in PostgreSQL`;

/**
 * Moves vault rows the SQLite installation sealed with a key it derived (no key configured there) to the
 * configured key, which every server on PostgreSQL shares. Rows already under a configured key stay.
 */
async function resealUnderConfiguredKey(config: Config, sourceFile: string, pool: pg.Pool): Promise<number> {
  const configured = createKeyring(config.vaultKeys, '');
  const seeds = [...new Set([config.databaseFile, sourceFile, resolve(sourceFile)])].map(
    (file) => `${config.jwtSecret}\0${file}`,
  );
  const vault = new CredentialVault(new PgCredentialStore(pool), openingDerivedKeys(configured, seeds));
  return vault.reseal();
}
