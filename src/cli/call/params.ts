import { normalizeName, UsageError, type MetaMethod, type MetaParam, type MetaType } from './meta.js';
import { OUTPUT_MODES, type OutputMode } from './formatters/index.js';

/** The command line of `constellation call`, before the meta is known. */
interface CallArgs {
  positionals: string[];
  /** `--name value`, `--name=value`, or a bare `--name` (value undefined: a bool flag). */
  options: Array<{ name: string; value?: string }>;
  output?: OutputMode;
  /** A confirmation token a refusal offered (sent as X-Confirmation-Token). */
  confirmation?: string;
  help: boolean;
  list: boolean;
}

/** Options of the client itself; every other `--name` is a method parameter. */
const RESERVED = new Set(['output', 'help', 'list', 'confirmation']);

export function parseCallArgs(argv: string[]): CallArgs {
  const args: CallArgs = { positionals: [], options: [], help: false, list: false };
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token === '-h' || token === '--help') {
      args.help = true;
      continue;
    }
    if (token === '--list') {
      args.list = true;
      continue;
    }
    const isOption = token.startsWith('--') && token.length > 2;
    if (!isOption && token !== '-o') {
      args.positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = token === '-o' ? 'output' : token.slice(2, eq > 0 ? eq : undefined);
    let value: string | undefined = eq > 0 ? token.slice(eq + 1) : undefined;
    if (value === undefined && i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (name === 'output') {
      if (value === undefined || !(OUTPUT_MODES as readonly string[]).includes(value)) {
        throw new UsageError(
          `--output must be one of ${OUTPUT_MODES.join(', ')}${value === undefined ? '' : `, got "${value}"`}`,
        );
      }
      args.output = value as OutputMode;
      continue;
    }
    if (name === 'confirmation') {
      if (!value) throw new UsageError('--confirmation needs the token a refusal offered');
      args.confirmation = value;
      continue;
    }
    if (RESERVED.has(name)) throw new UsageError(`--${name} takes no value`);
    args.options.push({ name, value });
  }
  return args;
}

/** Converts one command-line string to the parameter's meta type; throws a UsageError naming the parameter. */
export function convertValue(param: MetaParam, raw: string | undefined): unknown {
  const flag = `--${param.name}`;
  const type: MetaType = param.type;
  if (raw === undefined) {
    if (type === 'bool') return true;
    throw new UsageError(`${flag} needs a value (${type})`);
  }
  let value: unknown;
  switch (type) {
    case 'int':
      if (!/^[+-]?\d+$/.test(raw.trim()) || !Number.isSafeInteger(Number(raw)))
        throw new UsageError(`${flag} must be an integer, got "${raw}"`);
      value = Number(raw);
      break;
    case 'float':
      if (raw.trim() === '' || !Number.isFinite(Number(raw)))
        throw new UsageError(`${flag} must be a number, got "${raw}"`);
      value = Number(raw);
      break;
    case 'bool': {
      const word = raw.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(word)) value = true;
      else if (['false', '0', 'no'].includes(word)) value = false;
      else throw new UsageError(`${flag} must be true or false, got "${raw}"`);
      break;
    }
    case 'json':
      try {
        value = JSON.parse(raw);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new UsageError(
          `${flag} must be JSON (for example '["a","b"]' or '{"k":1}'), got ${JSON.stringify(raw)}: ${reason}`,
        );
      }
      break;
    default:
      value = raw; // str, and any type a newer server may add
  }
  if (Array.isArray(param.enum) && param.enum.length && !param.enum.some((allowed) => allowed === value)) {
    throw new UsageError(`${flag} must be one of ${param.enum.map((v) => JSON.stringify(v)).join(', ')}, got "${raw}"`);
  }
  return value;
}

/**
 * The method's arguments from the command-line options, typed by the meta. Unknown, repeated or missing
 * required parameters and bad values are UsageErrors naming the parameter. Defaults are left to the server.
 */
export function convertParams(method: MetaMethod, options: CallArgs['options']): Record<string, unknown> {
  const byName = new Map<string, MetaParam>(method.params.map((p) => [normalizeName(p.name), p]));
  const values: Record<string, unknown> = {};
  for (const option of options) {
    const param = byName.get(normalizeName(option.name));
    if (!param) {
      const known = method.params.map((p) => `--${p.name}`).join(' ') || 'none';
      throw new UsageError(`unknown parameter --${option.name} for ${method.name} (parameters: ${known})`, 'lookup');
    }
    if (param.name in values) throw new UsageError(`--${param.name} is given twice`);
    values[param.name] = convertValue(param, option.value);
  }
  const missing = method.params.filter((p) => p.required && !(p.name in values));
  if (missing.length) {
    const list = missing.map((p) => `--${p.name} (${p.type})`).join(', ');
    throw new UsageError(`missing required parameter${missing.length > 1 ? 's' : ''} ${list} for ${method.name}`);
  }
  return values;
}
