import { hash } from 'node:crypto';
import { LOG_LEVEL_META_KEY, type LoggingLevel, type ServerContext } from '@modelcontextprotocol/server';
import type { CallLog, LogSeverity } from '../toolkit/call-log.js';
import type { CallControl } from '../toolkit/define-tool.js';
import type { ToolDefinition } from '../toolkit/define-tool.js';
import { toAppError } from '../toolkit/errors.js';
import type { Era } from './results.js';

/** The protocol's levels from least to most severe (RFC 5424 order, as `logging/setLevel` takes them). */
const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** The logger name our notifications carry. */
const LOGGER = 'constellation';

/** How many clients' levels one node remembers (least recently set first out). */
const MAX_CLIENTS = 10_000;

/**
 * The levels 2025-era clients set with `logging/setLevel`. Over stateless HTTP each request meets a new
 * protocol server, so the level cannot live in one: it is kept here by the client's scope (a digest of
 * its token, or the one stdio connection) for the calls that client sends next. Kept per node.
 */
export class LogLevels {
  private readonly levels = new Map<string, LoggingLevel>();

  set(scope: string, level: LoggingLevel): void {
    this.levels.delete(scope);
    this.levels.set(scope, level);
    if (this.levels.size > MAX_CLIENTS) this.levels.delete(this.levels.keys().next().value as string);
  }

  get(scope: string): LoggingLevel | undefined {
    return this.levels.get(scope);
  }
}

/** The scope a client's level is kept under: a digest of its token (never the token itself), or `local`. */
export function logScopeOf(token: string | undefined): string {
  return token ? hash('sha256', token, 'base64url').slice(0, 22) : 'local';
}

/**
 * Where a call's log lines go to the host, or undefined when this client asked for none: a 2026-07-28
 * request names its level in `_meta`; a 2025-era client set one with `logging/setLevel` (`legacyLevel`).
 * Messages below the level are dropped; sending is best effort (a host that went away loses them).
 */
export function hostLogOf(ctx: ServerContext, era: Era, legacyLevel: LoggingLevel | undefined): CallLog | undefined {
  const requested = era === 'modern' ? requestedLevel(ctx) : legacyLevel;
  if (requested === undefined) return undefined;
  const threshold = SEVERITY.indexOf(requested);
  return (level: LogSeverity, message: string, details: Record<string, unknown> = {}) => {
    if (SEVERITY.indexOf(level) < threshold) return;
    void ctx.mcpReq
      .notify({ method: 'notifications/message', params: { level, logger: LOGGER, data: { message, ...details } } })
      .catch(() => undefined);
  };
}

function requestedLevel(ctx: ServerContext): LoggingLevel | undefined {
  // A 2026-07-28 client asks for log notifications of one request by naming a level in its `_meta`.
  const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {};
  const level = envelope[LOG_LEVEL_META_KEY];
  return SEVERITY.find((known) => known === level);
}

/**
 * Runs a call, telling the host's log (when it asked for one) that it started, how it ended and how
 * long it took, and which sources of a partial result failed: what a person watching a long call wants.
 */
export async function loggedCall(
  control: CallControl,
  tool: Pick<ToolDefinition, 'qualifiedName'>,
  run: (control: CallControl) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const log = control.log;
  if (!log) return run(control);
  const name = tool.qualifiedName;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  log('debug', `${name} started`, { tool: name });
  try {
    const result = await run(control);
    if (result.partial === true)
      log('warning', `${name} answered in part: some sources failed`, { tool: name, failed: result.failed_sources });
    log('info', `${name} finished in ${elapsed()} ms`, { tool: name, duration_ms: elapsed() });
    return result;
  } catch (error) {
    const failure = toAppError(error);
    log('error', `${name} failed after ${elapsed()} ms: ${failure.message}`, { tool: name, code: failure.code });
    throw error;
  }
}
