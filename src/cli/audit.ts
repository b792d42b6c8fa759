import { UsageError } from './args.js';
import { parseSubCommand, type CommandIo } from './sub-command.js';

export const AUDIT_USAGE = `Usage: constellation audit verify --tenant <id>

Checks a tenant's audit chain in the installation's store (CONSTELLATION_DATABASE_URL, else the SQLite
file): the retention checkpoint's signature, every record's seq, link and hash, and the signed head.
Prints the report as JSON; exit 0 when the chain is whole, 1 naming the first broken link, 2 on usage.
Needs the servers' vault key (CONSTELLATION_ENCRYPTION_KEY, or the JWT secret and database they derive it from).
`;

/** `constellation audit verify`: the exit code. */
export async function runAuditCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    const { values, positionals } = parseSubCommand(
      argv,
      { tenant: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      'audit',
    );
    if (values.help || positionals.length === 0) {
      io.stdout(AUDIT_USAGE);
      return values.help ? 0 : 2;
    }
    if (positionals[0] !== 'verify' || positionals.length > 1)
      throw new UsageError(`Unknown audit command "${positionals.join(' ')}". Run "constellation audit --help".`);
    if (!values.tenant) throw new UsageError('audit verify needs --tenant <id>.');
    return await verify(values.tenant, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`constellation: ${error.message}\n`);
    return error.exitCode;
  }
}

async function verify(tenantId: string, io: CommandIo): Promise<number> {
  const [{ loadConfig }, { openBackend }, { closeBackend }, { openAuditLog }, { createLogger }, { systemClock }] =
    await Promise.all([
      import('../config/config.js'),
      import('../database.js'),
      import('../store/lifecycle.js'),
      import('../governance/audit/open.js'),
      import('../config/logger.js'),
      import('../toolkit/context.js'),
    ]);
  const config = loadConfig(io.env);
  const backend = await openBackend(config);
  try {
    const report = await openAuditLog(config, backend, systemClock, createLogger(config.logLevel)).verify(tenantId);
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    if (!report.ok)
      io.stderr(
        `constellation: audit chain of ${tenantId} broken at record ${report.broken?.seq}: ${report.broken?.message}\n`,
      );
    return report.ok ? 0 : 1;
  } finally {
    await closeBackend(backend);
  }
}
