import type { ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { toAppError } from '../../../src/toolkit/errors.js';
import { chatWork, suiteWork } from './caller-systems.js';
import type { WorkOwner } from './owner.js';
import { WORK_SYSTEMS, type SystemWork, type WorkSystem } from './schemas.js';
import { codeHostWork, ticketingWork, wikiWork } from './team-systems.js';

export type { WorkOwner } from './owner.js';

type Context = Pick<ToolRunContext<unknown>, 'client' | 'clock' | 'gather'>;

export interface OpenWorkOptions {
  /** Most items listed per kind of item (review requests, own pull requests...). */
  limit: number;
  /** How far back a Slack mention may be to count. */
  mentionDays: number;
  /**
   * The systems to read. `suite` and `chat` act with the caller's own consent and read the caller's own
   * calendar and mentions whoever `who` is: name them only when `who` is the caller.
   */
  systems?: readonly WorkSystem[];
  /** The open work is part of a larger answer: every system failing makes it partial, not a failed call. */
  alongside?: boolean;
}

/** What having no credential or consent for a system looks like when its client is asked for. */
const NOT_CONNECTED = new Set(['AUTHORIZATION_REQUIRED', 'NOT_CONFIGURED']);

/** The system's work, or `not_connected` when the caller has no credential or consent for it. */
export async function unlessNotConnected(read: () => Promise<SystemWork>): Promise<SystemWork> {
  try {
    return await read();
  } catch (thrown) {
    const error = toAppError(thrown);
    if (!NOT_CONNECTED.has(error.code)) throw thrown;
    return { status: 'not_connected', items: [], total: null, message: error.message };
  }
}

/**
 * A person's open work in each system, read concurrently through the systems' own clients. A system
 * that fails is `failed` here and named in the call's failed_sources (the executor reports the result as
 * partial); a system without credentials or consent is `not_connected`, not a failure.
 */
export async function gatherOpenWork(
  ctx: Context,
  who: WorkOwner,
  options: OpenWorkOptions,
): Promise<Record<WorkSystem, SystemWork>> {
  const readers: Record<WorkSystem, () => Promise<SystemWork>> = {
    ticketing: () => ticketingWork(ctx, who, options.limit),
    code_host: () => codeHostWork(ctx, who, options.limit),
    wiki: () => wikiWork(ctx, who, options.limit),
    suite: () => suiteWork(ctx, who.email, options.limit),
    chat: () => chatWork(ctx, options.limit, options.mentionDays),
  };
  const wanted = options.systems ?? WORK_SYSTEMS;
  const read = await ctx.gather(
    Object.fromEntries(wanted.map((system) => [system, () => unlessNotConnected(readers[system])])),
    { alongside: options.alongside },
  );
  const failed: SystemWork = { status: 'failed', items: [], total: null };
  const skipped: SystemWork = { status: 'not_read', items: [], total: null };
  return Object.fromEntries(
    WORK_SYSTEMS.map((system) => [system, wanted.includes(system) ? (read[system] ?? failed) : skipped]),
  ) as Record<WorkSystem, SystemWork>;
}
