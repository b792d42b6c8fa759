import type { Caller } from '../toolkit/context.js';

/** The success envelope of the spec: `{success: true, data, meta: {tenant_id, timestamp}}`. */
export function envelope<T>(data: T, caller?: Caller, extraMeta: Record<string, unknown> = {}) {
  return {
    success: true as const,
    data,
    meta: { ...(caller ? { tenant_id: caller.tenantId } : {}), timestamp: new Date().toISOString(), ...extraMeta },
  };
}
