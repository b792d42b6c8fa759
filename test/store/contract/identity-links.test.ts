import { expect, it } from 'vitest';
import { GraphBatch, type PersonIdentity } from '../../../src/graph/ingest/batch.js';
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
    const person = async (tenant: string, graph: GraphService, identity: PersonIdentity & { email: string }) => {
      const batch = new GraphBatch();
      batch.edge(batch.node('issue', `I-${identity.email}`, {}), 'ASSIGNED_TO', batch.person(identity));
      await graph.ingest(tenant, batch, 'test');
      return (await graph.findRow(tenant, 'user', identity.email))!;
    };

    it('keeps an ingested identifier unlinked by hand, and a manual link with its time; unlinks', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const ada = await person(tenant, graph, { email: 'ada@acme.test', login: 'ada', slackId: 'U1' });
      const ingested = clock.now();
      clock.advance(60_000);
      const links = new IdentityLinks(graph);
      await links.link(tenant, { person: 'ada', kind: 'notion_user_id', value: 'n-1' }, 'admin');
      expect(await subject.store.aliasLinksOf(tenant, ada.id)).toEqual([
        { alias: 'email:ada@acme.test', method: null, linkedAt: ingested },
        { alias: 'login:ada', method: null, linkedAt: ingested },
        { alias: 'notion:n-1', method: 'manual', linkedAt: clock.now() },
        { alias: 'slack:U1', method: null, linkedAt: ingested },
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

    it('records how and when ingestion tied each identifier, and keeps both when a later record only confirms it', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const found = clock.now();
      const ada = await person(tenant, graph, { email: 'ada@acme.test', slackId: 'U1', via: 'directory' });
      clock.advance(60_000);
      const confirmed = clock.now();
      await person(tenant, graph, { email: 'ada@acme.test', slackId: 'U1', login: 'ada' });
      clock.advance(60_000);
      await person(tenant, graph, { email: 'ada@acme.test', login: 'ada', crmUserId: 'c-1', via: 'directory' });
      expect(await subject.store.aliasLinksOf(tenant, ada.id)).toEqual([
        { alias: 'crm:c-1', method: 'directory', linkedAt: clock.now() },
        { alias: 'email:ada@acme.test', method: 'directory', linkedAt: found },
        { alias: 'login:ada', method: null, linkedAt: confirmed },
        { alias: 'slack:U1', method: 'directory', linkedAt: found },
      ]);
    });

    it('dates the identifiers a record brings when it merges two people, and keeps those the merge moves', async () => {
      const tenant = await subject.backend.addTenant();
      const graph = service();
      const first = clock.now();
      const carl = await person(tenant, graph, { email: 'carl@acme.test' });
      const batch = new GraphBatch();
      batch.edge(batch.node('issue', 'I-carl', {}), 'ASSIGNED_TO', batch.person({ login: 'carl' }));
      await graph.ingest(tenant, batch, 'test');
      clock.advance(60_000);
      await person(tenant, graph, { email: 'carl@acme.test', login: 'carl', slackId: 'U7', via: 'directory' });
      expect((await graph.findRow(tenant, 'user', 'carl'))?.id).toBe(carl.id);
      expect(await subject.store.aliasLinksOf(tenant, carl.id)).toEqual([
        { alias: 'email:carl@acme.test', method: null, linkedAt: first },
        { alias: 'login:carl', method: null, linkedAt: first },
        { alias: 'slack:U7', method: 'directory', linkedAt: clock.now() },
      ]);
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
