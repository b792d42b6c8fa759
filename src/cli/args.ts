import { parseArgs } from 'node:util';

export const USAGE = `Usage: constellation [command] [options]

Commands:
  mcp (default)      MCP server over stdio (logs go to stderr); with CONSTELLATION_SERVER_URL and
                     CONSTELLATION_TOKEN it relays to that team server's /mcp
  serve              HTTP server: REST API and MCP streamable HTTP at /mcp
  sandbox            the fake upstream APIs alone (GitHub, ...), for demos and tests
  store copy         copies an installation from its SQLite file into PostgreSQL
                     (constellation store --help)
  audit verify       checks a tenant's audit chain in the store (--tenant <id>); exit 1 names the
                     first broken link (constellation audit --help)
  search <words>     which tools a request finds and why, best first (--system <id>, --limit <n>);
                     the search of discovery mode and GET /mcp/search
  call               command-line client of a running server's methods (GET /v1/meta):
                       constellation call --list
                       constellation call <service> <method> --help
                       constellation call <service> <method> [--<param> <value> ...] [--output <mode>]
                     output modes: agent, json (default), csv, xml, plaintext; run "constellation call --help"
                     (env CONSTELLATION_SERVER_URL, CONSTELLATION_TOKEN, CONSTELLATION_API_KEY)

Options:
  --demo             demo mode: in-process sandbox, tenants acme and globex, sample data
                     (the default when CONSTELLATION_API_KEY or CONSTELLATION_JWT_SECRET is not set,
                     unless NODE_ENV=production: then the server refuses to start instead)
  --host <host>      serve: interface to listen on (default 127.0.0.1, env HOST)
  --port <port>      serve: port (default 8080, env PORT); sandbox: port (default 4010)
  --toolsets <a,b>   only these toolsets: systems or finer ones (e.g. code_host.issues,graph)
  --tools <a,b>      only these tools (e.g. code_host_get_issues,graph_search)
  --read-only        leave out every action tool
  --tool-mode <m>    full | discovery | auto (default auto: discovery when the full tool list
                     would pass 100,000 bytes)
  --help, -h         this text
  --version, -v      the version
`;

export interface CliArgs {
  command: 'mcp' | 'serve' | 'sandbox' | 'call' | 'store' | 'search' | 'audit';
  /** `call`, `store`, `search` and `audit`: everything after the command word, parsed by the command itself. */
  callArgs?: string[];
  demo: boolean;
  host?: string;
  port?: number;
  toolsets?: string[];
  tools?: string[];
  readOnly: boolean;
  toolMode?: 'full' | 'discovery' | 'auto';
  help: boolean;
  version: boolean;
}

/** A mistake on the command line: the message names it, and the process exits with status 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
}

const commaList = (value: string | undefined): string[] | undefined =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function parseFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        demo: { type: 'boolean', default: false },
        host: { type: 'string' },
        port: { type: 'string' },
        toolsets: { type: 'string' },
        tools: { type: 'string' },
        'read-only': { type: 'boolean', default: false },
        'tool-mode': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag =
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? /'(-[^']*)'/.exec(message)?.[1]
        : undefined;
    if (flag) throw new UsageError(`Unknown option "${flag}". Run with --help for the options.`);
    throw new UsageError(`${message} Run with --help.`);
  }
}

export function parseCli(argv: string[]): CliArgs {
  // The client's options are the methods' parameters, known only from the server: it parses them itself.
  if (argv[0] === 'call' || argv[0] === 'store' || argv[0] === 'search' || argv[0] === 'audit')
    return { command: argv[0], callArgs: argv.slice(1), demo: false, readOnly: false, help: false, version: false };
  const { values, positionals } = parseFlags(argv);
  const command = positionals[0] ?? 'mcp';
  if (!['mcp', 'serve', 'sandbox'].includes(command))
    throw new UsageError(`Unknown command "${command}". Run with --help.`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}". Run with --help.`);
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new UsageError(`--port must be a port number, got "${values.port}"`);
  }
  const toolMode = values['tool-mode'];
  if (toolMode !== undefined && !['full', 'discovery', 'auto'].includes(toolMode))
    throw new UsageError(`--tool-mode must be full, discovery or auto, got "${toolMode}"`);
  return {
    command: command as CliArgs['command'],
    demo: values.demo,
    host: values.host,
    port,
    toolsets: commaList(values.toolsets),
    tools: commaList(values.tools),
    readOnly: values['read-only'],
    toolMode: toolMode as CliArgs['toolMode'],
    help: values.help,
    version: values.version,
  };
}
