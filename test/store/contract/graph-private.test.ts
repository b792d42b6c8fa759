import { expect, it } from 'vitest';
import { GraphBatch } from '../../../src/graph/ingest/batch.js';
import { GraphService } from '../../../src/graph/service/graph-service.js';
import { SqliteGraphStorage } from '../../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage } from '../../../src/graph/store/graph-storage.js';
import { PgGraphStorage } from '../../../src/graph/store/pg/graph-storage-pg.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { ManualClock } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const clock = new ManualClock();
const ADA = 'ada@example.com';
const BOB = 'bob@example.com';

describeStoreContract<GraphStorage>(
  'graph storage: nodes private to one user',
  {
    sqlite: (db) => new SqliteGraphStorage(db, tenantGate(db)),
    postgres: (pool) => new PgGraphStorage(pool),
  },
  (subject) => {
    const service = () =>
      new GraphService(subject.store, { clock, nodeTypes: ['user', 'issue', 'contact', 'context'] });

    /** Ada's private contact, between her and an issue nothing else reaches; a shared issue of hers; her context. */
    async function seed(tenant: string) {
      const graph = service();
      const batch = new GraphBatch();
      const ada = batch.person({ email: ADA });
      const contact = batch.privateNode(ADA, 'contact', 'out@side.example', { email: 'out@side.example' });
      batch.edge(contact, 'LINKED_TO', ada);
      batch.edge(contact, 'REFERENCES', batch.node('issue', 'ONLY-THROUGH-CONTACT'));
      batch.edge(batch.node('issue', 'SHARED'), 'ASSIGNED_TO', ada);
      await graph.ingest(tenant, batch, 'suite');
      await graph.contexts.inject(tenant, { email: ADA }, { context_type: 'focus', value: 'x' });
      const [row] = await subject.store.searchNodes(tenant, 'contact', [], 10);
      return row.node_id;
    }

    it('a walk, a path and the totals of another user leave the private node and its edges out', async () => {
      const tenant = await subject.backend.addTenant();
      const contactId = await seed(tenant);
      const [ada, bob] = [service().viewedBy(ADA), service().viewedBy(BOB)];
      const walk = (graph: GraphService) =>
        graph.traverse(tenant, 'user', ADA, { depth: 2, direction: 'both', maxNodes: 100 });
      expect((await walk(ada)).nodes.map((n) => n.node_id)).toEqual(
        expect.arrayContaining([contactId, 'ONLY-THROUGH-CONTACT', 'SHARED']),
      );
      const bobs = await walk(bob);
      expect(bobs.nodes.map((n) => n.node_id).sort()).toEqual(['SHARED', ADA]);
      expect(JSON.stringify(bobs.edges)).not.toContain(contactId);

      const path = (graph: GraphService) =>
        graph.findPath(tenant, { type: 'user', id: ADA }, { type: 'issue', id: 'ONLY-THROUGH-CONTACT' }, 4);
      expect((await path(ada)).path_found).toBe(true);
      expect((await path(bob)).path_found).toBe(false);

      const [all, adas, bobsTotals] = [await service().stats(tenant), await ada.stats(tenant), await bob.stats(tenant)];
      expect(adas).toMatchObject({ total_nodes: all.total_nodes, total_edges: all.total_edges });
      // Her contact and her context, with the edges touching them (to her node, to the issue, HAS_CONTEXT).
      expect(bobsTotals).toMatchObject({ total_nodes: all.total_nodes - 2, total_edges: all.total_edges - 3 });
      expect(bobsTotals.nodes_by_type).not.toHaveProperty('contact');
      expect(bobsTotals.nodes_by_type).not.toHaveProperty('context');
      expect(bobsTotals.edges_by_type).toEqual({ ASSIGNED_TO: 1 });
    });

    it('another user finds it by no id, search or relationship', async () => {
      const tenant = await subject.backend.addTenant();
      const contactId = await seed(tenant);
      const bob = service().viewedBy(BOB);
      expect(await bob.findRow(tenant, 'contact', contactId)).toBeUndefined();
      expect(await bob.search(tenant, 'contact', {}, 10)).toEqual([]);
      const refs = await bob.relationships(tenant, 'issue', 'ONLY-THROUGH-CONTACT', { direction: 'both', limit: 10 });
      expect(refs).toEqual([]);
      expect(await service().viewedBy(ADA).findRow(tenant, 'contact', contactId)).toBeDefined();
    });
  },
);
