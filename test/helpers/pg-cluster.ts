import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync, appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where Debian puts PostgreSQL 15's server programs (`scripts/pg-env.sh` reads the same variable). */
const PG_BIN = process.env.CONSTELLATION_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const USER = 'constellation';
const PASSWORD = 'test-password';

/** A throwaway PostgreSQL cluster: its own directory, port and socket, removed by `stop()`. */
export interface PgCluster {
  /** The cluster's `postgres` database, for administration (creating databases). */
  readonly adminUrl: string;
  /** The URL of a database of this cluster. */
  urlOf(database: string): string;
  /** Creates a database (a copy of `template` when given) and returns its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  /** Shuts the server down, keeping its data: the database becomes unreachable, as in an outage. */
  shutdown(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same port and socket after `shutdown()`. */
  restart(): Promise<void>;
  /** Stops the server and removes everything it had. */
  stop(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root; on a machine where the tests run as root (CI containers) the server
 * programs run as Debian's `postgres` user instead.
 */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(program: string, args: readonly string[], account: { uid: number; gid: number } | undefined) {
  return new Promise<void>((resolve, reject) => {
    // From a directory the server's account can enter (the project's may be closed to it).
    execFile(join(PG_BIN, program), args, { ...account, cwd: tmpdir() }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} ${args.join(' ')} failed: ${stderr || stdout || error.message}`));
      else resolve();
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates a database (a copy of `template` when given) through the cluster's admin database. */
export async function createPgDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)}` : ''}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a cluster: `initdb` into a temp directory, then the server on a free loopback port with its unix
 * socket in that directory and durability off (fsync, full page writes), which a test does not need.
 * `pg_ctl start -w` returns once the server accepts connections, so nothing waits a fixed time.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const account = serverAccount();
  const root = mkdtempSync(join(tmpdir(), 'constellation-pg-'));
  const data = join(root, 'data');
  const log = join(root, 'server.log');
  const passwordFile = join(root, 'password');
  writeFileSync(passwordFile, PASSWORD);
  if (account) chownSync(root, account.uid, account.gid);
  if (account) chownSync(passwordFile, account.uid, account.gid);
  const port = await freePort();
  const start = () => run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start'], account);
  const stopServer = (mode: string) => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'], account);
  try {
    await run(
      'initdb',
      [
        '-D',
        data,
        '-U',
        USER,
        `--pwfile=${passwordFile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=trust',
        '-E',
        'UTF8',
        '--no-sync',
      ],
      account,
    );
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        '',
      ].join('\n'),
    );
    await start();
  } catch (error) {
    const detail = readLog(log);
    rmSync(root, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}${detail}`, { cause: error });
  }
  const urlOf = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let running = true;
  // A test process that ends without stop() (a crash, an interrupted run) must not leave a server behind.
  const abandon = () => {
    if (running) {
      try {
        execFileSync(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], {
          ...account,
          cwd: tmpdir(),
          stdio: 'ignore',
        });
      } catch {
        // Already gone.
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', abandon);
  return {
    adminUrl: urlOf('postgres'),
    urlOf,
    async createDatabase(name, template) {
      await createPgDatabase(urlOf('postgres'), name, template);
      return urlOf(name);
    },
    async shutdown(mode = 'fast') {
      await stopServer(mode);
      running = false;
    },
    async restart() {
      await start();
      running = true;
    },
    async stop() {
      process.off('exit', abandon);
      if (running) await stopServer('immediate');
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function readLog(log: string): string {
  try {
    return `\nserver log:\n${readFileSync(log, 'utf8').slice(-2000)}`;
  } catch {
    return '';
  }
}
