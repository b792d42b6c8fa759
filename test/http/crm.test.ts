import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import { crmOf, type CrmResource, type UnifyState } from '../../src/sandbox/apideck/index.js';
import { fakeState } from '../helpers/sandbox.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';
import { unifiedFamily } from '../helpers/unified-family.js';

const family = unifiedFamily('/crm');
const { asTenant, meta, request: crm, expectCallerChecked } = family;
let server: TestServer;
beforeAll(() => {
  server = family.server();
});
const SERVICE: Record<WorkspaceId, string> = { acme: 'salesforce', globex: 'hubspot' };
/** The records the tenant's CRM holds in the fake. */
const stored = (resource: CrmResource, workspace: WorkspaceId = 'acme') =>
  crmOf(fakeState<UnifyState>(server, '/unify', workspace).consumer, SERVICE[workspace])[resource];

const ACCOUNT_KEYS = [
  'annual_revenue',
  'description',
  'id',
  'industry',
  'name',
  'number_of_employees',
  'owner_email',
  'owner_id',
  'website',
];
const CONTACT_KEYS = [
  'company_id',
  'email',
  'first_name',
  'id',
  'last_name',
  'name',
  'owner_email',
  'owner_id',
  'title',
];
const LEAD_KEYS = [
  'company_name',
  'currency',
  'email',
  'first_name',
  'id',
  'last_name',
  'lead_source',
  'monetary_amount',
  'name',
  'owner_email',
  'owner_id',
  'status',
  'title',
];
const OPPORTUNITY_KEYS = [
  'close_date',
  'company_id',
  'currency',
  'id',
  'monetary_amount',
  'owner_email',
  'owner_id',
  'stage',
  'status',
  'title',
  'win_probability',
];

const FAMILIES = [
  {
    plural: 'accounts',
    upstream: 'companies',
    keys: ACCOUNT_KEYS,
    create: { name: 'Hooli', industry: 'Software', website: 'https://hooli.example', description: 'Search' },
    change: { industry: 'Fintech' },
  },
  {
    plural: 'contacts',
    upstream: 'contacts',
    keys: CONTACT_KEYS,
    create: { firstName: 'Jane', lastName: 'Doe', email: 'jane@hooli.example', title: 'CTO' },
    change: { title: 'CEO' },
  },
  {
    plural: 'leads',
    upstream: 'leads',
    keys: LEAD_KEYS,
    create: { name: 'Sam Lee', companyName: 'Pied Piper', leadSource: 'Web', monetaryAmount: 1200, currency: 'EUR' },
    change: { status: 'Qualified' },
  },
  {
    plural: 'opportunities',
    upstream: 'opportunities',
    keys: OPPORTUNITY_KEYS,
    create: {
      title: 'Hooli pilot',
      monetaryAmount: 25000,
      currency: 'USD',
      winProbability: 40,
      closeDate: '2026-12-31',
      stage: 'proposal',
    },
    change: { stage: 'closed_won', status: 'Won', winProbability: 100 },
  },
] as const;

describe.each(FAMILIES.map((f) => [f.plural, f] as const))('/crm/%s', (plural, family) => {
  it('answers 401 without the key, 403 with a wrong one, 404 for an unknown tenant, 400 without X-Tenant-Id', async () => {
    await expectCallerChecked(`/${plural}`, { method: 'POST', path: `/${plural}`, body: family.create });
  });

  it('lists records in the snake_case form with the pagination block', async () => {
    const { status, body } = await crm('GET', `/${plural}?limit=2`);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        [plural]: expect.any(Array),
        count: 2,
        truncated: false,
        pagination: expect.objectContaining({ limit: 2, offset: 0, has_more: true, next_cursor: expect.any(String) }),
      },
      meta: meta(),
    });
    for (const record of body.data[plural]) expect(Object.keys(record).sort()).toEqual([...family.keys]);
  });

  it('creates (201), reads and updates a record; the CRM holds what was sent', async () => {
    const created = await crm('POST', `/${plural}`, { body: family.create });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: expect.objectContaining({ id: expect.any(String) }),
      meta: meta(),
    });
    const { id } = created.body.data;
    expect(Object.keys(created.body.data).sort()).toEqual([...family.keys]);
    expect(stored(family.upstream).has(id)).toBe(true);

    const read = await crm('GET', `/${plural}/${id}`);
    expect([read.status, read.body]).toEqual([200, { success: true, data: created.body.data, meta: meta() }]);

    const updated = await crm('PUT', `/${plural}/${id}`, { body: family.change });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ ...created.body.data, ...snake(family.change) });
    expect((await crm('GET', `/${plural}/${id}`)).body.data).toEqual(updated.body.data);
  });

  it('answers 404 for an unknown id, and 400 for an update that changes nothing', async () => {
    const missing = await crm('GET', `/${plural}/0000000000`);
    expect([missing.status, missing.body.success, missing.body.error.code]).toEqual([404, false, 'NOT_FOUND']);
    const first = (await crm('GET', `/${plural}?limit=1`)).body.data[plural][0];
    const empty = await crm('PUT', `/${plural}/${first.id}`, { body: {} });
    expect([empty.status, empty.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

/** A body's fields under the record's names (the spec's camelCase body, snake_case record). */
function snake(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [
      k === 'stage' ? 'stage' : k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      v,
    ]),
  );
}

describe('validation before anything is sent', () => {
  const cases: Array<[string, string, unknown, string]> = [
    ['a bad date', 'opportunities', { title: 'Deal', closeDate: '2026-13-40' }, 'closeDate'],
    ['a negative amount', 'opportunities', { title: 'Deal', monetaryAmount: -5 }, 'monetaryAmount'],
    ['a probability past 100', 'opportunities', { title: 'Deal', winProbability: 140 }, 'winProbability'],
    ['a malformed email', 'contacts', { firstName: 'Jo', email: 'not-an-email' }, 'email'],
    ['a malformed lead email', 'leads', { name: 'Jo', email: 'jo@' }, 'email'],
    ['an unknown field', 'accounts', { name: 'Hooli', revenue: 5 }, 'revenue'],
    ['a missing required field', 'accounts', { industry: 'Software' }, 'name'],
    ['a website that is not a URL', 'accounts', { name: 'Hooli', website: 'hooli' }, 'website'],
    ['a currency that is not ISO 4217', 'leads', { name: 'Jo', currency: 'dollars' }, 'currency'],
  ];
  it.each(cases)(
    '%s is 400 VALIDATION_ERROR naming the field, and reaches no CRM',
    async (_name, plural, body, field) => {
      const before = server.sandbox.faults.log.length;
      const { status, body: answer } = await crm('POST', `/${plural}`, { body });
      expect([status, answer.success, answer.error.code]).toEqual([400, false, 'VALIDATION_ERROR']);
      expect(answer.error.message).toContain(field);
      expect(server.sandbox.faults.log.slice(before).filter((r) => r.path.startsWith('/unify'))).toEqual([]);
    },
  );

  it('refuses a cursor that is not one of ours', async () => {
    const { status, body } = await crm('GET', '/accounts?cursor=garbage');
    expect([status, body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('unified API errors', () => {
  const fault = (status: number, extra: { retryAfter?: number; method?: string; expiredToken?: boolean } = {}) =>
    server.sandbox.faults.add({
      prefix: '/unify',
      method: extra.method ?? 'GET',
      path: '/crm/companies',
      status,
      retryAfter: extra.retryAfter,
      expiredToken: extra.expiredToken,
    });

  it('passes a 429 on as 429 RATE_LIMITED with Retry-After', async () => {
    fault(429, { retryAfter: 120 });
    const { status, body, headers } = await crm('GET', '/accounts');
    expect([status, body.error.code, headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', '120']);
  });

  it('answers 502 for an Apideck 5xx that outlasts the retries', async () => {
    fault(503);
    const { status, body } = await crm('GET', '/accounts');
    expect([status, body.error.code]).toEqual([502, 'UPSTREAM_ERROR']);
  });

  it('answers 403 when Apideck refuses the platform key', async () => {
    fault(401, { expiredToken: true });
    const { status, body } = await crm('GET', '/accounts');
    expect([status, body.error.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('answers 400 for an Apideck 422', async () => {
    fault(422, { method: 'POST' });
    const { status, body } = await crm('POST', '/accounts', { body: { name: 'Refused' } });
    expect([status, body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('cursor paging', () => {
  it('walks every account once, page by page, with next_cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { status, body }: { status: number; body: any } = await crm(
        'GET',
        `/accounts?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(status).toBe(200);
      seen.push(...body.data.accounts.map((a: { id: string }) => a.id));
      cursor = body.data.pagination.next_cursor;
      expect(body.data.pagination.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen.length).toBe(stored('companies').size);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters through Apideck’s filters', async () => {
    const opportunities = (await crm('GET', '/opportunities?status=Won&limit=100')).body.data.opportunities;
    expect(opportunities.length).toBeGreaterThan(0);
    expect(opportunities.every((o: { status: string }) => o.status === 'Won')).toBe(true);
  });
});

describe('tenant isolation', () => {
  let acmeAccount: { id: string; name: string };
  beforeAll(async () => {
    acmeAccount = (await crm('POST', '/accounts', { body: { name: 'Acme-only Ventures' } })).body.data;
  });

  it('over REST: globex neither lists nor reads acme’s records', async () => {
    const listed = (await crm('GET', '/accounts?name=Acme-only&limit=100', { tenant: 'globex' })).body.data.accounts;
    expect(listed).toEqual([]);
    const read = await crm('GET', `/accounts/${acmeAccount.id}`, { tenant: 'globex' });
    expect(read.status).toBe(404);
    const globexIds = new Set(
      (await crm('GET', '/accounts?limit=100', { tenant: 'globex' })).body.data.accounts.map(
        (a: { id: string }) => a.id,
      ),
    );
    expect(globexIds.has(acmeAccount.id)).toBe(false);
    expect([...stored('companies', 'globex').values()].some((r) => r.name === 'Acme-only Ventures')).toBe(false);
  });

  it('over MCP: each tenant’s token reaches only its own consumer', async () => {
    await family.withMcpClients(['acme', 'globex'], async ([acme, globex]) => {
      const own = await acme.callTool({ name: 'crm_get_account', arguments: { id: acmeAccount.id } });
      expect(own.isError).toBeFalsy();
      expect((own.structuredContent as { name: string }).name).toBe('Acme-only Ventures');
      const other = await globex.callTool({ name: 'crm_get_account', arguments: { id: acmeAccount.id } });
      expect(other.isError).toBe(true);
      expect(JSON.stringify(other.content)).toContain('NOT_FOUND');
      const globexList = await globex.callTool({ name: 'crm_list_accounts', arguments: { name: 'Acme-only' } });
      expect((globexList.structuredContent as { accounts: unknown[] }).accounts).toEqual([]);
    });
  });
});

describe('without the unified API', () => {
  it('answers 503 UNAVAILABLE when neither Apideck nor the sandbox is configured', async () => {
    const bare = await startTestServer({ sandbox: false });
    try {
      await bare.app.tenants.ensure({ id: 'acme', consumerId: 'acme-consumer', name: 'Acme' });
      const { status, body } = await call(bare, 'GET', '/crm/accounts', asTenant());
      expect([status, body.error.code]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await bare.close();
    }
  });
});

describe('/openapi.json', () => {
  it('declares the crm routes with the API key, X-Tenant-Id and their schemas; no generated method routes under /crm', async () => {
    const { body } = await call(server, 'GET', '/openapi.json');
    const paths = body.paths as Record<string, Record<string, any>>;
    for (const plural of ['accounts', 'contacts', 'leads', 'opportunities']) {
      expect(Object.keys(paths[`/crm/${plural}`]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/crm/${plural}/{id}`]).sort()).toEqual(['get', 'put']);
      expect(paths[`/crm/${plural}`].post.responses['201']).toBeDefined();
    }
    expect(Object.keys(paths).filter((p) => p.startsWith('/crm/') && p.includes('-'))).toEqual([]);
  });
});
