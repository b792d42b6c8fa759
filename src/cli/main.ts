import type { App } from '../app.js';
import type { SelectedCatalog } from '../../tools/catalog.js';
import type { Config } from '../config/config.js';
import { VERSION } from '../version.js';
import { parseCli, UsageError, USAGE, type CliArgs } from './args.js';
import type { StartContext } from './start-mode.js';
import type { CommandIo } from './sub-command.js';

// Modules are imported per command: MCP hosts spawn the server and wait for it, so `--help` loads
// nothing, `call` no configuration, and the stdio server neither Express nor the sandbox unless it needs them.

const say = (line: string) => process.stderr.write(`${line}\n`);

/** What starting a server loads (src/cli/server-modules.ts), once. */
const serverModules = () => import('./server-modules.js');

/** What the start needs to know of the command; for `mcp` (stdio), which integration credentials the environment holds. */
async function startContextFor(command: StartContext['command']): Promise<StartContext> {
  if (command !== 'mcp') return { command, credentialVariables: [], localCredentialVariables: [] };
  const { loadOutlines, credentialVariablesOf } = await serverModules();
  const credentialVariables = credentialVariablesOf(await loadOutlines());
  return {
    command,
    credentialVariables,
    localCredentialVariables: credentialVariables.filter((name) => !!process.env[name]),
  };
}

/** The configuration's schema is loaded only by the commands that start a server (`--help` and `call` skip zod). */
async function configFor(args: CliArgs, localCredentials: boolean): Promise<Config> {
  const { loadConfig } = await serverModules();
  return loadConfig(process.env, {
    forceDemo: args.demo,
    localCredentials,
    ...(args.host ? { host: args.host } : {}),
    ...(args.port !== undefined ? { port: args.port } : {}),
    ...(args.toolsets ? { toolsets: args.toolsets } : {}),
    ...(args.tools ? { tools: args.tools } : {}),
    ...(args.readOnly ? { readOnly: true } : {}),
    ...(args.toolMode ? { toolMode: args.toolMode } : {}),
  });
}

/**
 * The catalog, once the server's own tool selection is known to serve at least one tool. A mistake there
 * is a usage error (exit 2), said before anything starts (the sandbox included). The stdio server loads
 * only the systems its selection serves, and none before a call needs it when it serves them all; the HTTP server (REST serves every system's routes) and the demo
 * (every fake upstream) load all.
 */
async function servedCatalog(config: Config, context: StartContext): Promise<SelectedCatalog | undefined> {
  const { loadSelectedCatalog, loadStdioCatalog, serverSelectionOf, serverSelectionProblem } = await serverModules();
  const selection = serverSelectionOf(config);
  const selected =
    context.command === 'mcp' && !config.demo ? await loadStdioCatalog(selection) : await loadSelectedCatalog({});
  if (!serverSelectionProblem(selected.registry, selection)) return selected;
  // Said against the whole catalog, as it names the valid toolsets and the closest tool.
  const problem = serverSelectionProblem((await loadSelectedCatalog({})).registry, selection);
  if (!problem) return selected;
  say(`constellation: ${problem}`);
  process.exitCode = 2;
  return undefined;
}

/** Refuses a start that is not configured for how it runs; says how it runs and why. */
async function startApp(config: Config, context: StartContext, catalog: SelectedCatalog): Promise<App> {
  const { modeLine, refusal, startProblems } = await import('./start-mode.js');
  const problems = startProblems(config, process.env, context);
  if (problems.length) throw new Error(refusal(problems, config));
  const { openBackend, createApp } = await serverModules();
  // The stdio server acts for one person, whose environment may hold integration credentials.
  const options = {
    ...catalog,
    store: await openBackend(config),
    ...(context.command === 'mcp' ? { environmentCredentials: process.env } : {}),
  };
  if (config.demo) {
    const { createDemoApp } = await import('../demo/start-demo.js');
    // The seeded history ends today, so "the last 30 days" of a demo always has data.
    const today = new Date();
    const { app } = await createDemoApp(config, options, {
      now: Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()),
    });
    say(
      `constellation: ${modeLine(config, process.env, context)}; fake upstreams at ${app.sandbox?.url}, tenants acme and globex`,
    );
    return app;
  }
  const app = await createApp(config, options);
  say(`constellation: ${modeLine(config, process.env, context)}`);
  return app;
}

/**
 * Runs `close` once, on SIGINT or SIGTERM or when the returned function is called, then exits (0, or
 * 1 when closing failed): a call cut off at the shutdown bound may still hold timers that would keep
 * the process alive.
 */
function onShutdown(close: () => Promise<void>): () => void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return stop;
}

function parseOrExplain(argv: string[]): CliArgs | undefined {
  try {
    return parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(`constellation: ${error.message}`);
    process.exitCode = error.exitCode;
    return undefined;
  }
}

/** The one-line reason a listen failed, naming the settings that fix it; other errors pass unchanged. */
function listenError(error: unknown, config: Config): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return new Error(`port ${config.port} on ${config.host} is already in use: choose another with --port or PORT`);
  if (code === 'EACCES')
    return new Error(`no permission to listen on port ${config.port}: choose a port above 1023 with --port or PORT`);
  return error;
}

/** Production refuses every route but /health and /ready over plain HTTP (src/http/guards.ts): say so before the first refusal. */
function warnPlainHttpInProduction(config: Config): void {
  if (config.environment !== 'production' || config.tlsCertFile || config.trustProxy) return;
  say(
    '  warning: production over plain HTTP: every route except /health and /ready will be refused with 403, because tokens and API keys must not travel unencrypted; ' +
      'set CONSTELLATION_TLS_CERT and CONSTELLATION_TLS_KEY, or terminate TLS at a proxy and set CONSTELLATION_TRUST_PROXY',
  );
}

/** The options and settings that shape a server started here, which a relay to the team server cannot honour. */
function servedHereOptions(args: CliArgs): string[] {
  const given: Array<[string, boolean]> = [
    ['--demo', args.demo],
    ['--toolsets', args.toolsets !== undefined],
    ['--tools', args.tools !== undefined],
    ['--read-only', args.readOnly],
    ['--tool-mode', args.toolMode !== undefined],
    ...['CONSTELLATION_TOOLSETS', 'CONSTELLATION_TOOLS', 'CONSTELLATION_READ_ONLY', 'CONSTELLATION_TOOL_MODE'].map(
      (name): [string, boolean] => [name, Boolean(process.env[name]?.trim())],
    ),
  ];
  return given.filter(([, set]) => set).map(([name]) => name);
}

/**
 * `mcp` with a team token: relays to the team server (true once the host has gone), refuses (exit 2) when
 * the token comes without where to use it, or answers false to start the server here.
 */
async function relayedToTeamServer(args: CliArgs): Promise<boolean> {
  const { stdioTokenRoute } = await import('./start-mode.js');
  const route = stdioTokenRoute(process.env, servedHereOptions(args));
  if (!route) return false;
  if ('refusal' in route) {
    say(`constellation: ${route.refusal}`);
    process.exitCode = 2;
    return true;
  }
  const { bridgeStdioToServer, mcpEndpointOf } = await import('../mcp/bridge.js');
  say(
    `constellation ${VERSION}: MCP over stdio, relayed to ${mcpEndpointOf(route.relay.serverUrl).href} with CONSTELLATION_TOKEN`,
  );
  await bridgeStdioToServer({ ...route.relay, warn: say });
  return true;
}

/** A command that runs on its own: its arguments and the process's streams in, its exit code out. */
type SubCommand = (argv: string[], io: CommandIo) => Promise<number>;

/**
 * Commands that run on their own, each loaded only when named: `call` talks to a server over HTTP and
 * loads none of the server's modules.
 */
const SUB_COMMANDS = {
  call: async () => (await import('./call/command.js')).runCall,
  store: async () => (await import('./store/command.js')).runStoreCommand,
  audit: async () => (await import('./audit.js')).runAuditCommand,
  search: async () => (await import('./search.js')).runSearch,
} satisfies Record<string, () => Promise<SubCommand>>;

const isSubCommand = (command: string): command is keyof typeof SUB_COMMANDS => Object.hasOwn(SUB_COMMANDS, command);

export async function main(argv: string[]): Promise<void> {
  const args = parseOrExplain(argv);
  if (!args) return;
  if (args.help) return void process.stdout.write(USAGE);
  if (args.version) return void process.stdout.write(`${VERSION}\n`);

  if (isSubCommand(args.command)) {
    const run: SubCommand = await SUB_COMMANDS[args.command]();
    process.exitCode = await run(args.callArgs ?? [], {
      env: process.env,
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
    return;
  }

  if (args.command === 'sandbox') {
    const { startSandbox } = await import('../sandbox/server.js');
    const { SANDBOX_CREDENTIALS } = await import('../sandbox/credentials.js');
    const { fakesOf, loadDemos } = await import('../demo/environment.js');
    const { integrationsOf } = await import('../catalog/manifest.js');
    const { MANIFESTS } = await import('../../tools/index.js');
    const sandbox = await startSandbox(
      { port: args.port ?? 4010, host: args.host },
      fakesOf(await loadDemos(integrationsOf(MANIFESTS))),
    );
    say(`constellation sandbox at ${sandbox.url}`);
    for (const prefix of sandbox.prefixes) say(`  ${prefix.slice(1).padEnd(10)} ${sandbox.urlOf(prefix)}`);
    say(`credentials: ${JSON.stringify(SANDBOX_CREDENTIALS)}`);
    onShutdown(() => sandbox.close());
    return;
  }

  if (args.command === 'mcp' && (await relayedToTeamServer(args))) return;

  const context = await startContextFor(args.command);
  const config = await configFor(args, context.localCredentialVariables.length > 0);
  const catalog = await servedCatalog(config, context);
  if (!catalog) return;
  const app = await startApp(config, context, catalog);
  // From here on, an error no code handled is logged (and answered for its request) instead of ending the process.
  const { guardProcess, McpSurface, storedListEntries } = await serverModules();
  guardProcess(app.log);
  const surface = new McpSurface(app, {
    toolsets: config.toolsets,
    tools: config.tools,
    readOnly: config.readOnly,
    mode: config.toolMode,
    listBudgetBytes: config.toolListBudgetBytes,
    ...('entriesIndexed' in catalog ? {} : { storedEntries: storedListEntries() }),
  });

  if (args.command === 'serve') {
    const { listen, buildHttpApp } = await import('../http/server.js');
    const listening = await listen(app, buildHttpApp(app, surface)).catch(async (error: unknown) => {
      await app.close();
      throw listenError(error, config);
    });
    // Before the line that says the server is up: whoever waits for that line has the warning too.
    warnPlainHttpInProduction(config);
    say(
      `constellation ${VERSION} serving REST and MCP (${surface.mode} mode, ${surface.tools.length} tools) at ${listening.url}`,
    );
    if (config.demo) say(`  demo tokens: ${listening.url}/demo   MCP endpoint: ${listening.url}/mcp`);
    if (['0.0.0.0', '::'].includes(config.host) && config.allowedHosts.length === 0) {
      say(
        '  note: listening on every interface, but only loopback Host names are answered (DNS-rebinding protection); set CONSTELLATION_ALLOWED_HOSTS to the names clients use',
      );
    }
    onShutdown(async () => {
      // No new connections; requests in flight finish (app.close waits for their calls), then the rest.
      const stopped = listening.close(config.shutdownTimeoutSeconds * 1000);
      await app.close();
      await stopped;
    });
    return;
  }

  say(`constellation ${VERSION}: MCP over stdio (${surface.mode} mode, ${surface.tools.length} tools)`);
  const stop = onShutdown(() => app.close());
  const { serveStdio } = await serverModules();
  await serveStdio(app, surface, process.env, context.credentialVariables);
  // The host closed stdin: the same shutdown as a signal.
  stop();
}
