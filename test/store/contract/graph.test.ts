import { expect, it } from 'vitest';
import { GraphBatch } from '../../../src/graph/ingest/batch.js';
import { GraphService } from '../../../src/graph/service/graph-service.js';
import { SqliteGraphStorage } from '../../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage, NodeWrite } from '../../../src/graph/store/graph-storage.js';
import { PgGraphStorage } from '../../../src/graph/store/pg/graph-storage-pg.js';
import { parseProperties } from '../../../src/graph/store/rows.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { ManualClock, MINUTE } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const clock = new ManualClock();
const NODE_TYPES = ['user', 'issue', 'repository', 'context'];

describeStoreContract<GraphStorage>(
  'graph storage',
  {
    sqlite: (db) => new SqliteGraphStorage(db, tenantGate(db)),
    postgres: (pool) => new PgGraphStorage(pool),
  },
  (subject) => {
    const service = () => new GraphService(subject.store, { clock, nodeTypes: NODE_TYPES });
    const node = (type: string, id: string, properties: object = {}): NodeWrite => ({
      type,
      id,
      properties: JSON.stringify(properties),
      source: 'test',
      now: clock.now(),
    });
    const write = <T>(tenantId: string, work: Parameters<GraphStorage['writeFor']>[2]) =>
      subject.store.writeFor(tenantId, undefined, work) as Promise<T | undefined>;
    const upsert = (tenantId: string, ...nodes: NodeWrite[]) =>
      write<number[]>(tenantId, (w) => w.upsertNodes(nodes)) as Promise<number[]>;
    const link = (tenantId: string, edges: Array<[number, number, string]>) =>
      write(tenantId, (w) =>
        w.upsertEdges(
          edges.map(([fromId, toId, type]) => ({ fromId, toId, type, properties: null, now: clock.now() })),
        ),
      );
    const propertiesOf = async (tenantId: string, rowid: number) =>
      parseProperties((await subject.store.nodeByRowid(tenantId, rowid))?.properties ?? null);

    it('merges properties deeply on upsert, a null deleting its key; an unchanged merge writes nothing', async () => {
      const tenant = await subject.backend.addTenant();
      const [rowid] = await upsert(tenant, node('issue', 'I-1', { meta: { a: 1, b: 2 }, keep: 'x', gone: true }));
      clock.advance(MINUTE);
      const again = await upsert(tenant, node('issue', 'I-1', { meta: { b: null, c: 3 }, gone: null }));
      expect(again).toEqual([rowid]);
      expect(await propertiesOf(tenant, rowid)).toEqual({ meta: { a: 1, c: 3 }, keep: 'x' });
      const updated = (await subject.store.node(tenant, 'issue', 'I-1'))!.updated_at;
      expect(updated).toBe(clock.now());
      clock.advance(MINUTE);
      await upsert(tenant, node('issue', 'I-1', { keep: 'x' }));
      expect((await subject.store.node(tenant, 'issue', 'I-1'))!.updated_at).toBe(updated);
    });

    it("answers every upserted node's rowid in order, those the write left unchanged too", async () => {
      const [tenant, other] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      await upsert(other, node('issue', 'I-2'), node('issue', 'I-1'));
      const [i1, i2] = await upsert(tenant, node('issue', 'I-1', { a: 1 }), node('issue', 'I-2'));
      const again = await upsert(
        tenant,
        node('issue', 'I-2'),
        node('issue', 'I-3'),
        node('issue', 'I-1', { a: 1 }),
        node('issue', 'I-1'),
        node('repository', 'I-1'),
      );
      expect(again.slice(0, 4)).toEqual([i2, (await subject.store.node(tenant, 'issue', 'I-3'))!.id, i1, i1]);
      expect(again[4]).toBe((await subject.store.node(tenant, 'repository', 'I-1'))!.id);
      expect(new Set(again).size).toBe(4);
    });

    it('patches nodes in order: a patch the node holds already writes nothing, one that differs is written', async () => {
      const tenant = await subject.backend.addTenant();
      const stored = { login: 'ana', meta: { a: 1 }, nulled: { x: null } };
      const [ana, bo] = await upsert(tenant, node('user', 'ana', stored), node('user', 'bo', { login: 'bo' }));
      const updated = async (rowid: number) => (await subject.store.nodeByRowid(tenant, rowid))!.updated_at;
      const patch = (...patches: Array<[number, object]>) =>
        write(tenant, (w) =>
          w.patchNodes(
            patches.map(([rowid, properties]) => ({ rowid, properties: JSON.stringify(properties) })),
            clock.now(),
          ),
        );
      const before = clock.now();
      clock.advance(MINUTE);
      await patch([ana, { meta: { a: 1 }, login: 'ana' }], [bo, { login: 'bo' }], [bo, { login: 'bo' }]);
      expect([await updated(ana), await updated(bo)]).toEqual([before, before]);
      expect(await propertiesOf(tenant, ana)).toEqual(stored);
      // The same node patched twice: the second patch merges into what the first wrote.
      await patch(
        [bo, { login: 'bo', description: 'red' }],
        [bo, { login: 'bo' }],
        [bo, { description: 'blue' }],
        [ana, { nulled: { x: null } }],
      );
      expect(await propertiesOf(tenant, bo)).toEqual({ login: 'bo', description: 'blue' });
      expect(await propertiesOf(tenant, ana)).toEqual({ login: 'ana', meta: { a: 1 }, nulled: {} });
      expect([await updated(ana), await updated(bo)]).toEqual([clock.now(), clock.now()]);
      const found = await subject.store.keywordSearch(tenant, {
        words: ['blue'],
        prefixLast: false,
        types: [],
        limit: 5,
      });
      expect(found.map((hit) => hit.row.id)).toEqual([bo]);
    });

    it('answers every write of a batch its node, merging a node or an edge named twice in order', async () => {
      const tenant = await subject.backend.addTenant();
      const [kept] = await upsert(tenant, node('issue', 'KEPT', { title: 'stays' }));
      const rowids = await upsert(
        tenant,
        node('issue', 'I-2', { title: 'first', a: 1 }),
        node('issue', 'KEPT', { title: 'stays' }),
        node('user', 'u'),
        node('issue', 'I-2', { title: 'second', b: 2 }),
      );
      expect(rowids[1]).toBe(kept);
      expect(rowids[3]).toBe(rowids[0]);
      expect(new Set(rowids).size).toBe(3);
      expect(await propertiesOf(tenant, rowids[0])).toEqual({ title: 'second', a: 1, b: 2 });
      const [issue, user] = [rowids[0], rowids[2]];
      await write(tenant, (w) =>
        w.upsertEdges([
          { fromId: issue, toId: user, type: 'ASSIGNED_TO', properties: '{"role":"owner"}', now: clock.now() },
          { fromId: issue, toId: kept, type: 'LINKED_TO', properties: null, now: clock.now() },
          { fromId: issue, toId: user, type: 'ASSIGNED_TO', properties: '{"since":3}', now: clock.now() },
        ]),
      );
      const refs = await subject.store.edgeRefs(tenant, issue, 'out', 'ASSIGNED_TO', 10);
      expect(refs.map((r) => parseProperties(r.properties))).toEqual([{ role: 'owner', since: 3 }]);
      expect(await subject.store.countEdges(tenant)).toBe(2);
      const hits = await subject.store.keywordSearch(tenant, {
        words: ['second'],
        prefixLast: false,
        types: [],
        limit: 5,
      });
      expect(hits.map((h) => h.row.node_id)).toEqual(['I-2']);
    });

    it('finds nodes by exact property values: string, number, boolean, missing, and the node id', async () => {
      const tenant = await subject.backend.addTenant();
      await upsert(
        tenant,
        node('issue', 'A', { status: 'open', points: 3, blocked: true }),
        node('issue', 'B', { status: 'open', points: 5, blocked: false }),
        node('issue', 'C', { status: 'done', points: 3 }),
      );
      const ids = async (conditions: Array<{ property: string | null; value: string | number | boolean | null }>) =>
        (await subject.store.searchNodes(tenant, 'issue', conditions, 10)).map((row) => row.node_id).sort();
      expect(await ids([{ property: 'status', value: 'open' }])).toEqual(['A', 'B']);
      expect(await ids([{ property: 'points', value: 3 }])).toEqual(['A', 'C']);
      expect(await ids([{ property: 'blocked', value: true }])).toEqual(['A']);
      expect(await ids([{ property: 'blocked', value: null }])).toEqual(['C']);
      expect(
        await ids([
          { property: 'status', value: 'open' },
          { property: 'points', value: 5 },
        ]),
      ).toEqual(['B']);
      expect(await ids([{ property: null, value: 'C' }])).toEqual(['C']);
      expect(await ids([{ property: 'points', value: '3' }])).toEqual([]);
    });

    it('reads edges out of and into a set of nodes, optionally by type', async () => {
      const tenant = await subject.backend.addTenant();
      const [a, b, c] = await upsert(tenant, node('issue', 'A'), node('issue', 'B'), node('user', 'c'));
      await link(tenant, [
        [a, b, 'LINKED_TO'],
        [a, c, 'ASSIGNED_TO'],
        [b, c, 'AUTHORED_BY'],
      ]);
      const pairs = (links: Array<{ from_id: number; to_id: number; edge_type: string }>) =>
        links.map((l) => `${l.from_id}>${l.to_id}:${l.edge_type}`);
      expect(pairs(await subject.store.links(tenant, [a, b], 'out'))).toEqual([
        `${a}>${b}:LINKED_TO`,
        `${a}>${c}:ASSIGNED_TO`,
        `${b}>${c}:AUTHORED_BY`,
      ]);
      expect(pairs(await subject.store.links(tenant, [c], 'in'))).toEqual([
        `${a}>${c}:ASSIGNED_TO`,
        `${b}>${c}:AUTHORED_BY`,
      ]);
      // Both ways in one read: the leaving edges, then the entering ones (an edge between two of the nodes twice).
      expect(pairs(await subject.store.links(tenant, [b, c], 'both'))).toEqual([
        `${b}>${c}:AUTHORED_BY`,
        `${a}>${b}:LINKED_TO`,
        `${a}>${c}:ASSIGNED_TO`,
        `${b}>${c}:AUTHORED_BY`,
      ]);
      expect(pairs(await subject.store.links(tenant, [b], 'both', ['LINKED_TO']))).toEqual([`${a}>${b}:LINKED_TO`]);
      expect(pairs(await subject.store.links(tenant, [a, b], 'out', ['AUTHORED_BY']))).toEqual([
        `${b}>${c}:AUTHORED_BY`,
      ]);
      const refs = await subject.store.edgeRefs(tenant, b, 'both', undefined, 10);
      expect(refs.map((r) => `${r.from_node_id}>${r.to_node_id}`).sort()).toEqual(['A>B', 'B>c']);
      expect(await subject.store.countEdgesByType(tenant)).toEqual({ LINKED_TO: 1, ASSIGNED_TO: 1, AUTHORED_BY: 1 });
    });

    it('drops prototype keys from the properties it reads back, literal or escaped', async () => {
      const tenant = await subject.backend.addTenant();
      const literal = '{"title":"x","__proto__":{"admin":true},"constructor":{"name":"y"},"n":{"prototype":1}}';
      const escaped = '{"title":"z","\\u0063onstructor":{"name":"y"}}';
      const [a, b] = await upsert(
        tenant,
        { ...node('issue', 'I-9'), properties: literal },
        { ...node('issue', 'I-10'), properties: escaped },
      );
      await link(tenant, [[a, b, 'LINKED_TO']]);
      const reached = await service().traverse(tenant, 'issue', 'I-9', { depth: 1, direction: 'both', maxNodes: 10 });
      const [first, second] = reached.nodes.map((n) => n.properties);
      expect(first).toEqual({ title: 'x', n: {} });
      expect(Object.keys(first).sort()).toEqual(['n', 'title']);
      expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
      expect(Object.keys(second)).toEqual(['title']);
    });

    it('traverses 3 hops breadth first and finds the shortest path', async () => {
      const tenant = await subject.backend.addTenant();
      const ids = ['r', 'i1', 'i2', 'i3', 'i4', 'i5'];
      const [r, i1, i2, i3, i4, i5] = await upsert(tenant, ...ids.map((id) => node('issue', id)));
      await link(tenant, [
        [r, i1, 'LINKED_TO'],
        [r, i2, 'LINKED_TO'],
        [i3, i1, 'LINKED_TO'],
        [i2, i4, 'LINKED_TO'],
        [i4, i5, 'LINKED_TO'],
      ]);
      const graph = service();
      const reached = await graph.traverse(tenant, 'issue', 'r', { depth: 3, direction: 'both', maxNodes: 100 });
      // Level by level; within a level, outgoing edges before incoming ones, each in rowid order.
      expect(reached.nodes.map((n) => n.node_id)).toEqual(['r', 'i1', 'i2', 'i4', 'i3', 'i5']);
      const out = await graph.traverse(tenant, 'issue', 'r', { depth: 2, direction: 'out', maxNodes: 100 });
      expect(out.nodes.map((n) => n.node_id)).toEqual(['r', 'i1', 'i2', 'i4']);
      const path = await graph.findPath(tenant, { type: 'issue', id: 'i3' }, { type: 'issue', id: 'i5' }, 6);
      expect(path.nodes).toEqual(['issue:i3', 'issue:i1', 'issue:r', 'issue:i2', 'issue:i4', 'issue:i5']);
      expect(
        (await graph.findPath(tenant, { type: 'issue', id: 'i3' }, { type: 'issue', id: 'i5' }, 4)).path_found,
      ).toBe(false);
    });

    it('merges two people that a record ties together, moving their edges and aliases', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const batchOf = (identity: { login?: string; email?: string }, issue: string) => {
        const batch = new GraphBatch();
        const person = batch.person(identity, { name: 'Ada' });
        batch.edge(batch.node('issue', issue), 'ASSIGNED_TO', person);
        return batch;
      };
      await graph.ingest(tenant, batchOf({ login: 'ada' }, 'I-1'), 'code_host');
      await graph.ingest(tenant, batchOf({ email: 'ada@example.com' }, 'I-2'), 'ticketing');
      expect((await subject.store.countNodesByType(tenant)).user).toBe(2);
      await graph.ingest(tenant, batchOf({ login: 'ada', email: 'ada@example.com' }, 'I-3'), 'code_host');
      expect((await subject.store.countNodesByType(tenant)).user).toBe(1);
      const ada = (await graph.findRow(tenant, 'user', 'ada@example.com'))!;
      expect((await graph.findRow(tenant, 'user', 'ada'))!.id).toBe(ada.id);
      expect(await subject.store.aliasesOf(tenant, ada.id)).toEqual(['email:ada@example.com', 'login:ada']);
      const assigned = await graph.relationships(tenant, 'user', 'ada', { direction: 'in', limit: 10 });
      expect(assigned.map((e) => e.from_node).sort()).toEqual(['issue:I-1', 'issue:I-2', 'issue:I-3']);
    });

    it('ranks keyword hits by BM25 over the words, the last one also as a prefix', async () => {
      const tenant = await subject.backend.addTenant();
      await upsert(
        tenant,
        node('issue', 'A', { title: 'ledger ledger reconciliation drift' }),
        node('issue', 'B', { title: 'ledger export for the finance team and more words here' }),
        node('issue', 'C', { title: 'webhook retries' }),
        node('repository', 'D', { description: 'reconciliation service' }),
        ...['E', 'F', 'G', 'H'].map((id) => node('issue', id, { title: `unrelated text ${id}` })),
      );
      const hits = async (words: string[], prefixLast: boolean, types: string[] = []) =>
        (await subject.store.keywordSearch(tenant, { words, prefixLast, types, limit: 10 })).map((h) => h.row.node_id);
      expect(await hits(['ledger', 'reconciliation'], false)).toEqual(['A', 'D', 'B']);
      expect(await hits(['ledger', 'reconciliation'], false, ['issue'])).toEqual(['A', 'B']);
      expect(await hits(['webhook', 'retr'], true)).toEqual(['C']);
      expect(await hits(['retr'], false)).toEqual([]);
    });

    it("ranks keywords over the tenant's own statistics: another tenant's corpus changes nothing", async () => {
      const tenant = await subject.backend.addTenant();
      await upsert(
        tenant,
        node('issue', 'twice', { title: 'invoice invoice' }),
        node('issue', 'once', { title: 'refund' }),
        node('issue', 'other', { title: 'unrelated words' }),
      );
      const ranked = async () =>
        (
          await subject.store.keywordSearch(tenant, {
            words: ['invoice', 'refund'],
            prefixLast: false,
            types: [],
            limit: 10,
          })
        ).map((h) => `${h.row.node_id} ${h.score.toFixed(4)}`);
      const before = await ranked();
      // FTS5's bm25() over these three nodes alone (the node id is part of each text), on either backend.
      expect(before).toEqual(['twice 0.6785', 'once 0.5690']);
      const crowded = await subject.backend.addTenant();
      await upsert(
        crowded,
        ...Array.from({ length: 40 }, (_, i) => node('issue', `N-${i}`, { title: 'invoice sent' })),
      );
      expect(await ranked()).toEqual(before);
    });

    it('makes keyword terms as the embedded backend does: words, stems and stopwords alike on both backends', async () => {
      const tenant = await subject.backend.addTenant();
      await upsert(
        tenant,
        node('issue', 'dies', { title: 'the process dies after the upgrade' }),
        node('issue', 'dying', { title: 'a dying process' }),
        node('issue', 'about', { title: 'notes about the upgrade over the weekend' }),
      );
      const hits = async (words: string[], prefixLast = false) =>
        (await subject.store.keywordSearch(tenant, { words, prefixLast, types: [], limit: 10 })).map(
          (h) => h.row.node_id,
        );
      expect(await hits(['dying'])).toEqual(['dying']);
      expect(await hits(['over', 'after'])).toEqual(['dies', 'about']);
      expect(await hits(['upgrad'], true)).toEqual(['dies', 'about']);
    });

    it('keeps the activity feed and timelines, and prunes by age', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const record = (action: string, actorId: string, targetId: string) =>
        graph.recordActivity(tenant, {
          action,
          actorType: 'user',
          actorId,
          targetType: 'issue',
          targetId,
          properties: {},
        });
      expect(await record('opened', 'ada', 'I-1')).toBe(true);
      clock.advance(MINUTE);
      await record('closed', 'bob', 'I-2');
      clock.advance(MINUTE);
      await record('viewed', 'ada', 'I-2');
      expect((await graph.feed(tenant, 10)).map((a) => a.action)).toEqual(['viewed', 'closed', 'opened']);
      expect((await graph.activityOf(tenant, 'issue', 'I-2', 10)).map((a) => a.action)).toEqual(['viewed', 'closed']);
      const timeline = await subject.store.activityTimeline(tenant, {
        type: 'issue',
        targetIds: ['I-2'],
        actorIds: ['ada'],
        limit: 10,
      });
      expect(timeline.map((a) => a.action)).toEqual(['viewed', 'closed', 'opened']);
      expect(await subject.store.pruneActivity(clock.now() - MINUTE)).toBeGreaterThanOrEqual(1);
      expect((await graph.feed(tenant, 10)).map((a) => a.action)).toEqual(['viewed', 'closed']);
    });

    it('appends the activity records of several tenants in one call, in order, only where each tenant may be written', async () => {
      const [tenant, other, stale, gone] = [
        await subject.backend.addTenant(),
        await subject.backend.addTenant(),
        await subject.backend.addTenant('e2'),
        await subject.backend.addTenant(),
      ];
      await subject.backend.deleteTenant(gone);
      const record = (tenantId: string, action: string, epoch?: string) => ({
        tenantId,
        epoch,
        input: { action, actorType: 'user', actorId: 'ada', targetType: 'issue', targetId: 'I-1', properties: {} },
      });
      const written = await service().recordActivities([
        record(tenant, 'first'),
        record(other, 'elsewhere', 'e1'),
        record(stale, 'stale', 'e1'),
        record(gone, 'gone'),
        record(tenant, 'second'),
        record(tenant, 'third', 'e1'),
      ]);
      expect(written).toEqual([true, true, false, false, true, true]);
      expect((await service().feed(tenant, 10)).map((a) => a.action)).toEqual(['third', 'second', 'first']);
      expect((await service().feed(other, 10)).map((a) => a.action)).toEqual(['elsewhere']);
      expect(await subject.store.countActivity(stale)).toBe(0);
      expect(await subject.store.countActivity(gone)).toBe(0);
    });

    it('lets contexts expire, and purges them', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const user = { email: 'Ada@Example.com' };
      await graph.contexts.inject(tenant, user, { context_type: 'focus', value: 'short', ttl_seconds: 60 });
      await graph.contexts.inject(tenant, user, { context_type: 'focus', value: 'long' });
      expect((await graph.contexts.query(tenant, 'ada@example.com')).length).toBe(2);
      clock.advance(2 * MINUTE);
      expect(await subject.store.tenantsWithExpired(clock.now())).toContain(tenant);
      const live = await graph.contexts.query(tenant, 'ada@example.com');
      expect(live.map((c) => c.properties.value)).toEqual(['long']);
      expect(await graph.contexts.removeAll(tenant, 'ada@example.com')).toBe(1);
    });

    it('writes nothing for a deleted tenant or a stale generation', async () => {
      const tenant = await subject.backend.addTenant('e1');
      const writeIn = (epoch: string | undefined) =>
        subject.store.writeFor(tenant, epoch, (w) => w.upsertNodes([node('issue', `I-${epoch}`)]));
      expect(await writeIn('e0')).toBeUndefined();
      expect(await writeIn('e1')).toHaveLength(1);
      await subject.backend.deleteTenant(tenant);
      expect(await writeIn(undefined)).toBeUndefined();
      expect(await subject.store.node(tenant, 'issue', 'I-undefined')).toBeUndefined();
    });

    it("deletes a tenant's graph and nothing of another tenant's", async () => {
      const [tenant, other] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      for (const id of [tenant, other]) {
        const [a, b] = await upsert(id, node('issue', 'A'), node('issue', 'B'));
        await link(id, [[a, b, 'LINKED_TO']]);
        await service().recordActivity(id, {
          action: 'viewed',
          actorType: 'user',
          actorId: 'ada',
          targetType: 'issue',
          targetId: 'A',
          properties: {},
        });
      }
      expect(await subject.store.deleteTenant(tenant)).toEqual({ nodes: 2, edges: 1, activity: 1 });
      expect(await subject.store.countEdges(tenant)).toBe(0);
      expect(await subject.store.countEdges(other)).toBe(1);
      expect(await subject.store.countActivity(other)).toBe(1);
    });

    it('resolves the same person written by two batches at once to one node', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const batchFor = (issue: string) => {
        const batch = new GraphBatch();
        batch.edge(batch.node('issue', issue), 'AUTHORED_BY', batch.person({ email: 'grace@example.com' }));
        return batch;
      };
      await Promise.all([graph.ingest(tenant, batchFor('I-1'), 'a'), graph.ingest(tenant, batchFor('I-2'), 'b')]);
      expect(await subject.store.countNodesByType(tenant)).toEqual({ user: 1, issue: 2 });
      const authored = await graph.relationships(tenant, 'user', 'grace@example.com', { direction: 'in', limit: 10 });
      expect(authored).toHaveLength(2);
    });
  },
);
