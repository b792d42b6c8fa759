import { homedir } from 'node:os';
import { CALL_USAGE, renderHelp, renderList } from './describe.js';
import { DEFAULT_OUTPUT, formatOutput } from './formatters/index.js';
import { findMethod, findService, UsageError, type Meta } from './meta.js';
import { loadMeta } from './meta-cache.js';
import { convertParams, parseCallArgs } from './params.js';
import { buildRequest, clientSettings, describeFailure, sendRequest, type FetchLike } from './request.js';

interface CallIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  fetch?: FetchLike;
  homeDir?: string;
  now?: () => number;
}

/** `constellation call ...`: returns the exit code (0 success, 1 server or network error, 2 bad command line). */
export async function runCall(argv: string[], io: CallIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`constellation call: ${error.message}\n`);
      return 2;
    }
    io.stderr(`constellation call: ${describeFailure(error)}\n`);
    return 1;
  }
}

async function run(argv: string[], io: CallIo): Promise<number> {
  const args = parseCallArgs(argv);
  const [serviceName, methodName, extra] = args.positionals;
  if (extra !== undefined)
    throw new UsageError(`unexpected argument "${extra}" (parameters are given as --<name> <value>)`);
  if (serviceName === undefined && !args.list) {
    (args.help ? io.stdout : io.stderr)(CALL_USAGE);
    return args.help ? 0 : 2;
  }
  if (args.options.length && (methodName === undefined || args.list)) {
    throw new UsageError(
      `parameters need a method: constellation call <service> <method> --${args.options[0].name} ...`,
    );
  }

  const settings = clientSettings(io.env, io.homeDir ?? homedir());
  const fetchImpl = io.fetch ?? globalThis.fetch;
  const load = (force: boolean) =>
    loadMeta({ ...settings, fetch: fetchImpl, warn: (line) => io.stderr(`${line}\n`), now: io.now, force });
  const first = await load(false);

  // A name the cached meta does not know may be new on the server: ask it once before giving up.
  async function withMeta<T>(use: (meta: Meta) => T): Promise<T> {
    try {
      return use(first.meta);
    } catch (error) {
      if (!(error instanceof UsageError && error.kind === 'lookup' && first.source === 'cache')) throw error;
      return use((await load(true)).meta);
    }
  }

  if (methodName === undefined || args.list) {
    const text = await withMeta((meta) =>
      renderList(serviceName === undefined ? meta.services : [findService(meta, serviceName)], args.output),
    );
    io.stdout(text);
    return 0;
  }
  if (args.help) {
    io.stdout(
      await withMeta((meta) => {
        const { service, method } = findMethod(meta, serviceName, methodName);
        return renderHelp(service, method, args.output);
      }),
    );
    return 0;
  }

  const { service, method, values } = await withMeta((meta) => {
    const found = findMethod(meta, serviceName, methodName);
    return { ...found, values: convertParams(found.method, args.options) };
  });
  const request = buildRequest(settings, method, values, args.confirmation);
  let result;
  try {
    result = await sendRequest(fetchImpl, request);
  } catch (error) {
    io.stderr(`constellation call: cannot reach ${settings.serverUrl}: ${describeFailure(error)}\n`);
    return 1;
  }
  if (!result.ok) {
    const body = typeof result.body === 'string' ? result.body : JSON.stringify(result.body, null, 2);
    io.stderr(`constellation call: ${service.name} ${method.name} failed with HTTP ${result.status}\n${body}\n`);
    return 1;
  }
  io.stdout(formatOutput(args.output ?? DEFAULT_OUTPUT, result.body));
  return 0;
}
