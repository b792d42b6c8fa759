import type pg from 'pg';
import { expect, it, vi, type MockInstance } from 'vitest';
import { GraphBatch } from '../../../src/graph/ingest/batch.js';
import { GraphService } from '../../../src/graph/service/graph-service.js';
import { SqliteGraphStorage } from '../../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage } from '../../../src/graph/store/graph-storage.js';
import { PgGraphStorage } from '../../../src/graph/store/pg/graph-storage-pg.js';
import { parseProperties } from '../../../src/graph/store/rows.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { ManualClock } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const clock = new ManualClock();

/** What one tool result's write does, the same on both backends: people, merge order, the gate. */
describeStoreContract<GraphStorage>(
  'graph batch writes',
  {
    sqlite: (db) => new SqliteGraphStorage(db, tenantGate(db)),
    postgres: (pool) => new PgGraphStorage(pool),
  },
  (subject) => {
    const service = () => new GraphService(subject.store, { clock, nodeTypes: ['user', 'issue'] });
    const user = async (tenant: string, id: string) => {
      const row = (await service().findRow(tenant, 'user', id))!;
      return { id: row.node_id, properties: parseProperties(row.properties) };
    };

    it('merges, in order, what two people of one result say about one known person, and an edge given twice', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const known = new GraphBatch();
      known.person({ login: 'ada', email: 'ada@example.com' });
      await graph.ingest(tenant, known, 'code_host');
      const batch = new GraphBatch();
      const byLogin = batch.person({ login: 'ada' }, { title: 'first', team: 'core' });
      const byEmail = batch.person({ email: 'ada@example.com' }, { title: 'second' });
      const issue = batch.node('issue', 'I-1');
      batch.edge(issue, 'ASSIGNED_TO', byLogin, { role: 'owner', since: 1 });
      batch.edge(issue, 'ASSIGNED_TO', byEmail, { role: 'helper' });
      expect(await graph.ingest(tenant, batch, 'ticketing')).toEqual({ nodes: 3, edges: 2 });
      expect(await subject.store.countNodesByType(tenant)).toEqual({ user: 1, issue: 1 });
      expect((await user(tenant, 'ada')).properties).toMatchObject({ title: 'second', team: 'core' });
      const ada = (await graph.findRow(tenant, 'user', 'ada'))!;
      const [assigned, ...more] = await subject.store.edgeRefs(tenant, ada.id, 'in', undefined, 10);
      expect(more).toEqual([]);
      expect(parseProperties(assigned.properties)).toEqual({ role: 'helper', since: 1 });
      const found = await subject.store.keywordSearch(tenant, {
        words: ['second'],
        prefixLast: false,
        types: [],
        limit: 5,
      });
      expect(found.map((hit) => hit.row.node_id)).toEqual(['ada@example.com']);
    });

    it('takes an email a person is given later in a result, when an extractor first named them without one', async () => {
      const tenant = await subject.backend.addTenant();
      const batch = new GraphBatch();
      // An extractor passes the fields it read; an author without a public email comes as `email: undefined`.
      const author = batch.person({ login: 'cy', email: undefined }, { name: 'Cy' });
      const sameByLogin = batch.person({ login: 'cy', email: 'cy@example.com' });
      expect(sameByLogin).toBe(author);
      await service().ingest(tenant, batch, 'code_host');
      expect(await subject.store.countNodesByType(tenant)).toEqual({ user: 1 });
      const cy = await user(tenant, 'cy@example.com');
      expect(cy.id).toBe('cy@example.com');
      expect(cy.properties).toMatchObject({ name: 'Cy', email: 'cy@example.com', login: 'cy' });
    });

    it('makes new people of one result that share a node id one node, known by all their aliases', async () => {
      const tenant = await subject.backend.addTenant();
      const batch = new GraphBatch();
      batch.person({ login: 'bob' }, { name: 'Bob' });
      batch.person({ accountId: 'bob' }, { name: 'Robert', team: 'ops' });
      await service().ingest(tenant, batch, 'ticketing');
      expect(await subject.store.countNodesByType(tenant)).toEqual({ user: 1 });
      const bob = (await subject.store.node(tenant, 'user', 'bob'))!;
      expect(parseProperties(bob.properties)).toMatchObject({ name: 'Robert', team: 'ops' });
      expect(bob.source).toBe('ticketing');
      expect(await subject.store.aliasesOf(tenant, bob.id)).toEqual(['account:bob', 'login:bob']);
    });

    it('points an alias two new people of one result name at the later one', async () => {
      const tenant = await subject.backend.addTenant();
      const batch = new GraphBatch();
      batch.person({ accountId: 'acc-1' });
      batch.person({ login: 'cy' });
      // Tied to the second person by its login (the first identifier matched), it names the first's account too.
      batch.person({ login: 'cy', accountId: 'acc-1' });
      await service().ingest(tenant, batch, 'ticketing');
      expect(await subject.store.countNodesByType(tenant)).toEqual({ user: 2 });
      const cy = (await subject.store.node(tenant, 'user', 'cy'))!;
      expect(await subject.store.lookupAliases(tenant, ['account:acc-1'])).toEqual(new Map([['account:acc-1', cy.id]]));
    });

    it('writes nothing of a result for a stale generation or a deleted tenant', async () => {
      const tenant = await subject.backend.addTenant('e1');
      const batch = new GraphBatch();
      batch.edge(batch.node('issue', 'I-1'), 'AUTHORED_BY', batch.person({ login: 'dee' }));
      expect(await service().ingest(tenant, batch, 'code_host', 'e0')).toEqual({ nodes: 0, edges: 0, refused: true });
      expect(await subject.store.countNodesByType(tenant)).toEqual({});
      await subject.backend.deleteTenant(tenant);
      expect((await service().ingest(tenant, batch, 'code_host')).refused).toBe(true);
    });

    // Round trips are PostgreSQL's cost alone: SQLite runs in process, so the case exists only there.
    if (subject.name === 'postgres')
      it('writes a tool result and its keywords in four statements, BEGIN and COMMIT included', async () => {
        const tenant = await subject.backend.addTenant();
        const batch = new GraphBatch();
        const repo = batch.node('repository', 'org/app');
        for (let n = 1; n <= 20; n++) {
          const issue = batch.node('issue', `I-${n}`, { title: `Issue ${n}` });
          batch.edge(issue, 'BELONGS_TO', repo);
          batch.edge(issue, 'AUTHORED_BY', batch.person({ login: `dev-${n % 7}` }));
        }
        // Every statement goes through a connection checked out of the pool: count those of each.
        const { pool } = subject.backend.backend as { pool: pg.Pool };
        const statements: Array<MockInstance<pg.PoolClient['query']>> = [];
        const count = (client: pg.PoolClient) => statements.push(vi.spyOn(client, 'query'));
        pool.on('acquire', count);
        try {
          expect(await service().ingest(tenant, batch, 'code_host')).toEqual({ nodes: 28, edges: 40 });
          expect(statements.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(4);
        } finally {
          pool.off('acquire', count);
          for (const spy of statements) spy.mockRestore();
        }
        expect(await subject.store.countEdges(tenant)).toBe(40);
      });
  },
);
