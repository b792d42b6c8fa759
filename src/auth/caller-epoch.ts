import type { Caller } from '../toolkit/context.js';

/**
 * A caller authenticated by a token carries the epoch (generation) of its tenant at issue time.
 * Writes made for the caller pass it on, so work started before a tenant was deleted is refused even
 * when the same id has been created again since.
 */
export type EpochBoundCaller = Caller & { tenantEpoch?: string };

/** The tenant generation a caller was authenticated under; undefined for the demo user. */
export function epochOf(caller: Caller): string | undefined {
  const epoch = (caller as EpochBoundCaller).tenantEpoch;
  return typeof epoch === 'string' ? epoch : undefined;
}
