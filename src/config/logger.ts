import type { Logger } from '../toolkit/context.js';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

/** Field names whose values never reach a log line. */
const SECRET_FIELD = /token|secret|password|authorization|api[-_]?key|credential|connections|cookie/i;

/** Replaces secret-looking fields (at any depth) with a marker. */
function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_FIELD.test(key) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

/**
 * JSON lines on stderr. Never stdout: over stdio, stdout belongs to the MCP protocol.
 */
export function createLogger(
  level: Level = 'info',
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const threshold = LEVELS[level] ?? LEVELS.info;
  const log = (lvl: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < threshold) return;
    const entry = {
      level: lvl,
      time: new Date().toISOString(),
      msg: message,
      ...(fields ? (redact(fields) as Record<string, unknown>) : {}),
    };
    write(JSON.stringify(entry) + '\n');
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** `log` with `fields` on every line (a line's own fields of the same name win). */
export function withFields(log: Logger, fields: Record<string, unknown>): Logger {
  const at = (level: Level) => (message: string, own?: Record<string, unknown>) =>
    log[level](message, { ...fields, ...own });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
