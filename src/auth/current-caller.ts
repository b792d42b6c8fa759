import type { Caller } from '../toolkit/context.js';
import { AppError } from '../toolkit/errors.js';
import type { TenantService } from './tenants.js';

/**
 * A caller without a token (the demo user, the local stdio user) with its tenant's epoch and cache generation
 * read now, as a verified token's caller has them: the caches that key on the generation (tenant policies,
 * responses) then keep what they read until something changes it, here or in another process on the same store.
 */
export async function withCurrentTenantState(tenants: Pick<TenantService, 'stateOf'>, caller: Caller): Promise<Caller> {
  const state = await tenants.stateOf(caller.tenantId);
  if (!state) throw new AppError('UNAUTHORIZED', `Tenant ${caller.tenantId} no longer exists`);
  return { ...caller, tenantEpoch: state.epoch, cacheGeneration: state.cacheGeneration };
}
