import { expect, it } from 'vitest';
import { GraphBatch } from '../../../src/graph/ingest/batch.js';
import { GraphService } from '../../../src/graph/service/graph-service.js';
import { IdentityLinks } from '../../../src/graph/service/identity-links.js';
import { SqliteGraphStorage } from '../../../src/graph/store/graph-storage-sqlite.js';
import type { GraphStorage } from '../../../src/graph/store/graph-storage.js';
import { PgGraphStorage } from '../../../src/graph/store/pg/graph-storage-pg.js';
import { tenantGate } from '../../../src/store/tenant-gate.js';
import { ManualClock } from '../../helpers/clock.js';
import { describeStoreContract } from '../../helpers/store-backends.js';

const clock = new ManualClock();

/** How and when each identifier of a person was linked, the same on both backends. */
describeStoreContract<GraphStorage>(
  'identity links',
  {
    sqlite: (db) => new SqliteGraphStorage(db, tenantGate(db)),
    postgres: (pool) => new PgGraphStorage(pool),
  },
  (subject) => {
    const service = () => new GraphService(subject.store, { clock, nodeTypes: ['user', 'issue'] });
    const person = async (tenant: string, graph: GraphService, identity: Record<string, string>) => {
      const batch = new GraphBatch();
      batch.edge(batch.node('issue', `I-${identity.email}`, {}), 'ASSIGNED_TO', batch.person(identity));
      await graph.ingest(tenant, batch, 'test');
      return (await graph.findRow(tenant, 'user', identity.email))!;
    };

    it('keeps an ingested identifier unlinked by hand, and a manual link with its time; unlinks', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const ada = await person(tenant, graph, { email: 'ada@acme.test', login: 'ada', slackId: 'U1' });
      const links = new IdentityLinks(graph);
      await links.link(tenant, { person: 'ada', kind: 'notion_user_id', value: 'n-1' }, 'admin');
      expect(await subject.store.aliasLinksOf(tenant, ada.id)).toEqual([
        { alias: 'email:ada@acme.test', method: null, linkedAt: null },
        { alias: 'login:ada', method: null, linkedAt: null },
        { alias: 'notion:n-1', method: 'manual', linkedAt: clock.now() },
        { alias: 'slack:U1', method: null, linkedAt: null },
      ]);
      expect((await graph.findRow(tenant, 'user', 'n-1'))?.id).toBe(ada.id);
      await links.link(tenant, { person: 'ada', kind: 'google_chat_user_id', value: 'users/42' }, 'admin');
      expect((await graph.findRow(tenant, 'user', 'users/42'))?.id).toBe(ada.id);
      await links.unlink(tenant, { person: 'ada', kind: 'google_chat_user_id', value: 'users/42' }, 'admin');

      await links.unlink(tenant, { person: 'ada@acme.test', kind: 'notion_user_id', value: 'n-1' }, 'admin');
      expect((await subject.store.aliasesOf(tenant, ada.id)).includes('notion:n-1')).toBe(false);
      await expect(
        links.unlink(tenant, { person: 'ada', kind: 'notion_user_id', value: 'n-1' }, 'admin'),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it("keeps two emails two people until a link merges them, with the merged node's edges and aliases", async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const work = await person(tenant, graph, { email: 'bob@acme.test' });
      const home = await person(tenant, graph, { email: 'bob@home.example', slackId: 'U2' });
      expect(work.id).not.toBe(home.id);
      const linked = await new IdentityLinks(graph).link(
        tenant,
        { person: 'bob@acme.test', kind: 'email', value: 'BOB@home.example' },
        'admin',
      );
      expect(linked).toMatchObject({ person: 'bob@acme.test', merged: 'bob@home.example' });
      expect(await subject.store.nodeByRowid(tenant, home.id)).toBeUndefined();
      expect((await subject.store.aliasLinksOf(tenant, work.id)).map((l) => [l.alias, l.method])).toEqual([
        ['email:bob@acme.test', null],
        ['email:bob@home.example', 'manual'],
        ['slack:U2', null],
      ]);
      expect(await subject.store.links(tenant, [work.id], 'in')).toHaveLength(2);
    });

    it('keeps a manual link on its person when a later record names it with another person', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const bob = await person(tenant, graph, { email: 'bob@acme.test' });
      const ada = await person(tenant, graph, { email: 'ada@acme.test' });
      const links = new IdentityLinks(graph);
      await links.link(tenant, { person: 'ada@acme.test', kind: 'notion_user_id', value: 'n-1' }, 'admin');
      await person(tenant, graph, { email: 'bob@acme.test', notionId: 'n-1', slackId: 'U3' });
      expect((await graph.findRow(tenant, 'user', 'ada@acme.test'))?.id).toBe(ada.id);
      expect((await subject.store.aliasLinksOf(tenant, ada.id)).map((l) => [l.alias, l.method])).toEqual([
        ['email:ada@acme.test', null],
        ['notion:n-1', 'manual'],
      ]);
      expect(await subject.store.aliasesOf(tenant, bob.id)).toEqual(['email:bob@acme.test', 'slack:U3']);
    });

    it("links nothing in another tenant's graph", async () => {
      const [acme, globex] = [await subject.backend.addTenant(), await subject.backend.addTenant()];
      const graph = service();
      const ada = await person(acme, graph, { email: 'ada@acme.test' });
      await expect(
        new IdentityLinks(graph).link(globex, { person: 'ada@acme.test', kind: 'slack_member_id', value: 'U9' }, 'a'),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await subject.store.aliasesOf(acme, ada.id)).toEqual(['email:ada@acme.test']);
    });
  },
);
