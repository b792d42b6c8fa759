import { graphWriteBatchFunction } from './graph.js';

/**
 * Migration `006_tenant_key_share`: the tenant gate of `graph_write_batch` locks the tenant row
 * `FOR KEY SHARE`, as every other gate does now (gateTenantPg in src/store/pg/transaction.ts says why),
 * and a gate refused for its epoch locks nothing.
 */
export const KEY_SHARE_GATE = `SELECT t.epoch INTO gate_epoch FROM tenants t
    WHERE t.id = tenant AND t.epoch = coalesce(generation, t.epoch) FOR KEY SHARE;
  IF NOT FOUND THEN`;

export const tenantKeyShareSchema = graphWriteBatchFunction({
  create: 'CREATE OR REPLACE FUNCTION',
  gate: KEY_SHARE_GATE,
});
