import type { Config } from '../../config/config.js';
import { openBackend, openDatabase } from '../../database.js';
import { closeBackend } from '../../store/lifecycle.js';
import { copyTables, type TableCopy } from '../../store/copy/copy-tables.js';
import { redactedUrl } from '../../store/pg/pool.js';

interface CopyIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Copies the SQLite installation at `config.databaseFile` into `config.database.url`; the exit code. */
export async function copyInstallation(config: Config, io: CopyIo): Promise<number> {
  const url = config.database.url as string;
  const source = openDatabase(config.databaseFile);
  try {
    const target = await openBackend(config);
    if (target.kind !== 'postgres') throw new Error('The copy goes into PostgreSQL');
    try {
      io.stderr(`constellation: copying ${config.databaseFile} into ${redactedUrl(url)}\n`);
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
