import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionsPg, PgParams } from '../../../src/graph/store/pg/conditions-pg.js';
import { linksSql } from '../../../src/graph/store/pg/links-pg.js';
import { openPgPool } from '../../../src/store/pg/pool.js';
import { pgTestDatabase } from '../../helpers/pg-lane.js';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPgPool(await pgTestDatabase());
});
afterAll(() => pool.end());

async function mergePatch(target: unknown, patch: unknown): Promise<unknown> {
  const { rows } = await pool.query<{ merged: unknown }>('SELECT jsonb_merge_patch($1::jsonb, $2::jsonb) AS merged', [
    JSON.stringify(target),
    JSON.stringify(patch),
  ]);
  return rows[0].merged;
}

/** Rows of every kind a tenant can own, in every table that has a tenant. */
async function seedTenant(tenantId: string, space: string): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => pool.query(sql, [tenantId, ...params]);
  await q("INSERT INTO tenants (id, consumer_id, created_at, updated_at, epoch) VALUES ($1, 'c', 'now', 'now', 'e1')");
  const nodes = await q(
    `INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at)
     VALUES ($1, 'person', 'ada', '{"name":"Ada Lovelace"}', 1, 1), ($1, 'ticket', 'T-1', '{"title":"Engines"}', 1, 1)
     RETURNING id`,
  );
  const [ada, ticket] = nodes.rows.map((row: { id: string }) => row.id);
  await q(
    "INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, created_at, updated_at) VALUES ($1, $2, $3, 'assigned', 1, 1)",
    [ada, ticket],
  );
  await q("INSERT INTO graph_aliases (tenant_id, alias, node_rowid) VALUES ($1, 'ada@example.com', $2)", [ada]);
  await q(
    "INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length) VALUES ($1, 'engin', $2, 1, 2)",
    [ticket],
  );
  await q('INSERT INTO graph_node_lengths (node_rowid, tenant_id, length) VALUES ($2, $1, 2)', [ticket]);
  await q(
    "INSERT INTO graph_activity (tenant_id, action, actor_type, actor_id, target_type, target_id, timestamp) VALUES ($1, 'viewed', 'person', 'ada', 'ticket', 'T-1', 1)",
  );
  const document = await q(
    `INSERT INTO documents (tenant_id, document_id, filename, file_type, file_size, chunk_count, entity_count, chunking_strategy, chunk_size, embedding_space, created_at)
     VALUES ($1, $1 || '-doc', 'a.md', 'md', 10, 1, 1, 'fixed', 100, $2, 'now') RETURNING id`,
    [space],
  );
  const chunk = await q(
    "INSERT INTO document_chunks (tenant_id, document_rowid, chunk_index, text) VALUES ($1, $2, 0, 'Analytical engines') RETURNING id",
    [document.rows[0].id],
  );
  const chunkId = (chunk.rows[0] as { id: string }).id;
  await q('INSERT INTO document_entities (tenant_id, chunk_id, node_rowid) VALUES ($1, $2, $3)', [chunkId, ada]);
  await q("INSERT INTO document_terms (tenant_id, term, df) VALUES ($1, 'engin', 1)");
  await q(
    "INSERT INTO document_keywords (tenant_id, term, document_rowid, tf, chunks) VALUES ($1, 'engin', $2, 1, 1)",
    [document.rows[0].id],
  );
  await q("INSERT INTO document_keyword_counts (tenant_id, term, chunks, documents) VALUES ($1, 'engin', 1, 1)");
  await q(
    "INSERT INTO document_postings (tenant_id, term, chunk_id, tf, chunk_length) VALUES ($1, 'engin', $2, 1, 2)",
    [chunkId],
  );
  await q("INSERT INTO document_vectors (chunk_id, space, tenant_id, embedding) VALUES ($2, $3, $1, '[1,0,0]')", [
    chunkId,
    space,
  ]);
  await q('INSERT INTO entity_vector_state (node_rowid, tenant_id, space, embedded_at) VALUES ($2, $1, $3, 1)', [
    ada,
    space,
  ]);
  await q("INSERT INTO entity_vectors (node_rowid, space, tenant_id, embedding) VALUES ($2, $3, $1, '[0,1,0]')", [
    ada,
    space,
  ]);
  await q(
    "INSERT INTO vault_credentials (tenant_id, user_email, provider, key_id, nonce, ciphertext, tag, created_at, updated_at) VALUES ($1, 'ada@example.com', 'github', 'k1', '\\x00', '\\x01', '\\x02', 1, 1)",
  );
  await q(
    "INSERT INTO oauth_pending (nonce, tenant_id, user_email, provider, redirect_uri, expires_at) VALUES ($1 || '-n', $1, 'ada@example.com', 'github', 'http://x', 1)",
  );
  await q(
    "INSERT INTO analytics_cache (tenant_id, cache_key, tool, args, value, computed_at) VALUES ($1, 'k', 'dora', '{}', '{}', 1)",
  );
  await q(
    "INSERT INTO mcp_tasks (task_id, tenant_id, owner, tool, status, created_at, updated_at, ttl_ms) VALUES ($1 || '-t', $1, 'ada', 'x', 'working', 1, 1, 1000)",
  );
  await q("INSERT INTO audit_records (tenant_id, seq, at, body, prev_hash, hash) VALUES ($1, 1, 1, '{}', '', 'h1')");
  await q("INSERT INTO audit_heads (tenant_id, seq, hash, signature) VALUES ($1, 1, 'h1', 's')");
  await q(
    "INSERT INTO confirmations (id, tenant_id, user_id, tool, args_digest, action, args, token_allowed, status, created_at, expires_at) VALUES ($1 || '-c', $1, 'ada', 'wiki_delete_page', 'd', 'Delete', '{}', false, 'pending', 1, 2)",
  );
  await q("INSERT INTO tenant_policies (tenant_id, body, updated_at) VALUES ($1, '{}', 1)");
  await q("INSERT INTO graph_sync_settings (tenant_id, body, updated_at) VALUES ($1, '{}', 1)");
  await q("INSERT INTO graph_sync_status (tenant_id, system, body) VALUES ($1, 'wiki', '{}')");
}

async function rowsPerTable(tenantId: string): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = 'public' ORDER BY table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of rows) {
    const result = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [
      tenantId,
    ]);
    counts[table] = result.rows[0].n;
  }
  return counts;
}

describe('PostgreSQL schema', () => {
  it('merges graph properties as RFC 7396 does: nested merge, null deletes, arrays and scalars replaced', async () => {
    expect(await mergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 4, e: 5 } })).toEqual({
      a: 1,
      b: { c: 2, d: 4, e: 5 },
    });
    expect(await mergePatch({ a: 1, b: { c: 2, d: 3 } }, { a: null, b: { c: null } })).toEqual({ b: { d: 3 } });
    expect(await mergePatch({ tags: ['x', 'y'] }, { tags: ['z'] })).toEqual({ tags: ['z'] });
    expect(await mergePatch({ a: { b: 'c' } }, { a: 'scalar' })).toEqual({ a: 'scalar' });
    expect(await mergePatch({ a: 'scalar' }, { a: { b: 'c', n: null } })).toEqual({ a: { b: 'c' } });
    expect(await mergePatch({ a: 'b' }, ['c'])).toEqual(['c']);
    expect(await mergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
    expect(await mergePatch({}, { a: { bb: { ccc: null } } })).toEqual({ a: { bb: {} } });
  });

  it('deletes everything a tenant owned with the tenant, and nothing of another tenant', async () => {
    await pool.query("INSERT INTO document_spaces (space, dimension) VALUES ('cascade', 3)");
    await pool.query("INSERT INTO entity_spaces (space, dimension) VALUES ('cascade', 3)");
    await seedTenant('gone', 'cascade');
    await seedTenant('kept', 'cascade');
    const kept = await rowsPerTable('kept');
    expect(
      Object.values(kept).every((count) => count > 0),
      JSON.stringify(kept),
    ).toBe(true);

    await pool.query("DELETE FROM tenants WHERE id = 'gone'");

    const gone = await rowsPerTable('gone');
    expect(
      Object.values(gone).every((count) => count === 0),
      JSON.stringify(gone),
    ).toBe(true);
    expect(await rowsPerTable('kept')).toEqual(kept);
  });

  it("answers a nearest-vector query from the tenant's own vectors only", async () => {
    await pool.query("INSERT INTO document_spaces (space, dimension) VALUES ('knn', 3)");
    await pool.query(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('near', 'c', 'now', 'now'), ('far', 'c', 'now', 'now')",
    );
    const document = await pool.query<{ id: string }>(
      `INSERT INTO documents (tenant_id, document_id, filename, file_type, file_size, chunk_count, entity_count, chunking_strategy, chunk_size, embedding_space, created_at)
       VALUES ('near', 'knn-near', 'a', 'md', 1, 3, 0, 'fixed', 1, 'knn', 'now'), ('far', 'knn-far', 'b', 'md', 1, 1, 0, 'fixed', 1, 'knn', 'now') RETURNING id`,
    );
    const [nearDoc, farDoc] = document.rows.map((row) => row.id);
    const vectors: Array<[string, string, string, string]> = [
      ['near', nearDoc, 'north', '[0,1,0]'],
      ['near', nearDoc, 'north-east', '[0.7,0.7,0]'],
      ['near', nearDoc, 'south', '[0,-1,0]'],
      ['far', farDoc, 'exact', '[1,0,0]'],
    ];
    for (const [tenant, doc, text, embedding] of vectors) {
      const chunk = await pool.query<{ id: string }>(
        'INSERT INTO document_chunks (tenant_id, document_rowid, chunk_index, text) VALUES ($1, $2, 0, $3) RETURNING id',
        [tenant, doc, text],
      );
      await pool.query(
        "INSERT INTO document_vectors (chunk_id, space, tenant_id, embedding) VALUES ($1, 'knn', $2, $3)",
        [chunk.rows[0].id, tenant, embedding],
      );
    }

    const { rows } = await pool.query<{ text: string; distance: number }>(
      `SELECT c.text, v.embedding <=> $2::vector AS distance FROM document_vectors v JOIN document_chunks c ON c.id = v.chunk_id
       WHERE v.tenant_id = $1 AND v.space = 'knn' ORDER BY v.embedding <=> $2::vector LIMIT 2`,
      ['near', '[1,0,0]'],
    );

    expect(rows.map((row) => row.text)).toEqual(['north-east', 'north']);
    expect(rows[0].distance).toBeCloseTo(1 - Math.SQRT1_2, 5);
  });

  it('notes a node whose text a statement wrote for keyword indexing, and finds nodes by property containment', async () => {
    await pool.query(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('words', 'c', 'now', 'now')",
    );
    await pool.query(
      `INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at)
       VALUES ('words', 'ticket', 'T-9', '{"title":"Migrating the billing engines","status":"open"}', 1, 1)`,
    );
    const { rows } = await pool.query<{ node_id: string }>(
      "SELECT n.node_id FROM graph_keyword_stale s JOIN graph_nodes n ON n.id = s.node_rowid WHERE s.tenant_id = 'words'",
    );
    expect(rows).toEqual([{ node_id: 'T-9' }]);
    const byProperty = await pool.query(
      'SELECT 1 FROM graph_nodes WHERE tenant_id = \'words\' AND properties @> \'{"status":"open"}\'',
    );
    expect(byProperty.rowCount).toBe(1);
  });
  it("removes a node's keyword postings with the node, and no other node's", async () => {
    await pool.query(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('pruned', 'c', 'now', 'now')",
    );
    const nodes = await pool.query<{ id: string }>(
      `INSERT INTO graph_nodes (tenant_id, node_type, node_id, created_at, updated_at)
       VALUES ('pruned', 'ticket', 'T-1', 1, 1), ('pruned', 'ticket', 'T-2', 1, 1) RETURNING id`,
    );
    const [gone, kept] = nodes.rows.map((row) => row.id);
    await pool.query(
      `INSERT INTO graph_node_postings (tenant_id, term, node_rowid, tf, node_length)
       VALUES ('pruned', 'engin', $1, 1, 2), ('pruned', 'ledger', $1, 1, 2), ('pruned', 'engin', $2, 1, 2)`,
      [gone, kept],
    );

    await pool.query('DELETE FROM graph_nodes WHERE id = $1', [gone]);

    const { rows } = await pool.query<{ term: string; node_rowid: string }>(
      "SELECT term, node_rowid FROM graph_node_postings WHERE tenant_id = 'pruned'",
    );
    expect(rows).toEqual([{ term: 'engin', node_rowid: kept }]);
  });

  it("reads a node's edges both ways from the edge indexes, never from all of the tenant's edges", async () => {
    await pool.query(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('walked', 'c', 'now', 'now')",
    );
    const { rows: nodes } = await pool.query<{ id: string }>(
      `INSERT INTO graph_nodes (tenant_id, node_type, node_id, created_at, updated_at)
       SELECT 'walked', 'issue', 'I-' || i, i, i FROM generate_series(1, 2000) AS i RETURNING id`,
    );
    await pool.query(
      `INSERT INTO graph_edges (tenant_id, from_id, to_id, edge_type, created_at, updated_at)
       SELECT 'walked', f.id, t.id, 'LINKED_TO', 1, 1 FROM unnest($1::bigint[]) WITH ORDINALITY AS f (id, n)
       JOIN unnest($1::bigint[]) WITH ORDINALITY AS t (id, n) ON t.n BETWEEN f.n + 1 AND f.n + 10`,
      [nodes.map((node) => node.id)],
    );
    const client = await pool.connect();
    try {
      // A traversal's statement is cached per connection; the plan it keeps is made without the values.
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE walk (text, bigint[]) AS ${linksSql('both', false)}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        "EXPLAIN EXECUTE walk ('walked', ARRAY[1, 2, 3]::bigint[])",
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('graph_edges_incoming');
      expect(plan).not.toContain('graph_edges_by_type');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      await client.query('DEALLOCATE walk; RESET plan_cache_mode');
      client.release();
    }
  });

  it('probes a node by its key through the key index, even under a plan made while the table was small', async () => {
    await pool.query(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('probed', 'c', 'now', 'now')",
    );
    await pool.query(
      `INSERT INTO graph_nodes (tenant_id, node_type, node_id, created_at, updated_at)
       SELECT 'probed', 'pull_request', 'org/repo#' || i, i, i FROM generate_series(1, 300) AS i`,
    );
    const client = await pool.connect();
    try {
      // The plan a cached statement keeps (graph_write_batch's are): made once, without the values.
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(
        'PREPARE probe (text, text, text) AS SELECT id FROM graph_nodes WHERE tenant_id = $1 AND node_type = $2 AND node_id = $3',
      );
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        "EXPLAIN EXECUTE probe ('probed', 'pull_request', 'x')",
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('graph_nodes_tenant_id_node_type_node_id_key');
      expect(plan).not.toContain('graph_nodes_by_type');
    } finally {
      await client.query('DEALLOCATE probe; RESET plan_cache_mode');
      client.release();
    }
  });

  it("finds nodes by key or status through their property index, not all of the tenant's nodes of the type", async () => {
    await pool.query(
      "INSERT INTO tenants (id, consumer_id, created_at, updated_at) VALUES ('keyed', 'c', 'now', 'now')",
    );
    await pool.query(
      `INSERT INTO graph_nodes (tenant_id, node_type, node_id, properties, created_at, updated_at)
       SELECT 'keyed', 'issue', 'PAY-' || i, jsonb_build_object('key', 'PAY-' || i, 'status', 's' || i % 100), i, i
       FROM generate_series(1, 2000) AS i`,
    );
    await pool.query('ANALYZE graph_nodes');
    for (const [property, value] of [
      ['key', 'PAY-7'],
      ['status', 's7'],
    ]) {
      const params = new PgParams('keyed', 'issue');
      const where = conditionsPg('n', [{ property, value }], params);
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT n.id FROM graph_nodes n WHERE n.tenant_id = $1 AND n.node_type = $2${where}`,
        params.values,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain(`graph_nodes_prop_${property}`);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
