import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApideckCore } from '@apideck/unify/core.js';
import { googleFake } from '../../src/sandbox/google/index.js';
import { notionFake } from '../../src/sandbox/notion/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { slackFake } from '../../src/sandbox/slack/index.js';
import { crmOf, unifyFake, type UnifyState } from '../../src/sandbox/apideck/index.js';
import { UnifyClient } from '../../src/integrations/apideck/client.js';
import { apideckContracts, apideckRequester, sandboxUnifySettings, unifyClientOf } from '../helpers/unify.js';

type Funcs = {
  companiesList: typeof import('@apideck/unify/funcs/crmCompaniesList.js').crmCompaniesList;
  companiesCreate: typeof import('@apideck/unify/funcs/crmCompaniesCreate.js').crmCompaniesCreate;
  companiesGet: typeof import('@apideck/unify/funcs/crmCompaniesGet.js').crmCompaniesGet;
  companiesUpdate: typeof import('@apideck/unify/funcs/crmCompaniesUpdate.js').crmCompaniesUpdate;
  companiesDelete: typeof import('@apideck/unify/funcs/crmCompaniesDelete.js').crmCompaniesDelete;
  contactsList: typeof import('@apideck/unify/funcs/crmContactsList.js').crmContactsList;
  opportunitiesList: typeof import('@apideck/unify/funcs/crmOpportunitiesList.js').crmOpportunitiesList;
  leadsCreate: typeof import('@apideck/unify/funcs/crmLeadsCreate.js').crmLeadsCreate;
  usersList: typeof import('@apideck/unify/funcs/crmUsersList.js').crmUsersList;
};

let sandbox: Sandbox;
let sdk: Funcs;
let acme: ApideckCore;
const contracts = apideckContracts();
let request: ReturnType<typeof apideckRequester>;

beforeAll(async () => {
  sandbox = await startSandbox({}, [unifyFake, googleFake, slackFake, notionFake]);
  request = apideckRequester(sandbox, contracts);
  sdk = {
    companiesList: (await import('@apideck/unify/funcs/crmCompaniesList.js')).crmCompaniesList,
    companiesCreate: (await import('@apideck/unify/funcs/crmCompaniesCreate.js')).crmCompaniesCreate,
    companiesGet: (await import('@apideck/unify/funcs/crmCompaniesGet.js')).crmCompaniesGet,
    companiesUpdate: (await import('@apideck/unify/funcs/crmCompaniesUpdate.js')).crmCompaniesUpdate,
    companiesDelete: (await import('@apideck/unify/funcs/crmCompaniesDelete.js')).crmCompaniesDelete,
    contactsList: (await import('@apideck/unify/funcs/crmContactsList.js')).crmContactsList,
    opportunitiesList: (await import('@apideck/unify/funcs/crmOpportunitiesList.js')).crmOpportunitiesList,
    leadsCreate: (await import('@apideck/unify/funcs/crmLeadsCreate.js')).crmLeadsCreate,
    usersList: (await import('@apideck/unify/funcs/crmUsersList.js')).crmUsersList,
  };
  acme = await unifyClientOf(sandbox, 'acme').sdk();
}, 30_000);
afterAll(() => sandbox.close());

const consumerState = (ws: 'acme' | 'globex') => sandbox.state<UnifyState>('/unify', ws).consumer;

function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw result.error;
  return result.value;
}

describe('unified CRM through @apideck/unify', () => {
  it('walks every company with cursor paging, each page in Apideck envelope with meta.cursors and links', async () => {
    const seen: string[] = [];
    const result = await sdk.companiesList(acme, { limit: 5 });
    const first = valueOf(result).getCompaniesResponse1!;
    expect(first).toMatchObject({
      statusCode: 200,
      status: 'OK',
      service: 'salesforce',
      resource: 'companies',
      operation: 'all',
    });
    expect(first.meta).toMatchObject({ itemsOnPage: 5, cursors: { previous: null, next: expect.any(String) } });
    expect(first.links?.next).toContain('/unify/crm/companies?');
    for await (const page of result) seen.push(...valueOf(page).getCompaniesResponse1!.data.map((c) => c.id!));
    expect(seen).toEqual([...crmOf(consumerState('acme'), 'salesforce').companies.keys()]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers a previous cursor with the page before, and refuses an edited cursor with 400', async () => {
    const one = await request('GET', '/crm/companies?limit=4');
    const two = await request('GET', `/crm/companies?limit=4&cursor=${encodeURIComponent(one.body.meta.cursors.next)}`);
    expect(two.body.meta.cursors.previous).toEqual(expect.any(String));
    const back = await request(
      'GET',
      `/crm/companies?limit=4&cursor=${encodeURIComponent(two.body.meta.cursors.previous)}`,
    );
    expect(back.body.data).toEqual(one.body.data);
    const edited = await request(
      'GET',
      `/crm/companies?limit=4&cursor=${encodeURIComponent(one.body.meta.cursors.next.slice(0, -2) + 'xx')}`,
    );
    expect(edited.status).toBe(400);
    expect(edited.body).toMatchObject({ status_code: 400, type_name: 'BadRequestError' });
  });

  it("names the workspace's people: contacts at the own organisation and CRM users who own the records", async () => {
    const people = sandbox.seeds.acme.people;
    const contacts = valueOf(await sdk.contactsList(acme, { limit: 200 })).getContactsResponse!.data;
    const emails = contacts.flatMap((c) => c.emails?.map((e) => e.email) ?? []);
    for (const person of people) expect(emails).toContain(person.email);
    const users = valueOf(await sdk.usersList(acme, { limit: 200 })).getUsersResponse!.data;
    expect(users.map((u) => u.emails[0]?.email)).toEqual(people.map((p) => p.email));
    const opportunities = valueOf(await sdk.opportunitiesList(acme, { limit: 200 })).getOpportunitiesResponse!.data;
    expect(opportunities.length).toBeGreaterThan(0);
    for (const deal of opportunities) expect(users.map((u) => u.id)).toContain(deal.ownerId);
    expect(opportunities[0]).toMatchObject({
      currency: 'USD',
      monetaryAmount: expect.any(Number),
      closeDate: expect.any(Date),
    });
  });

  it('filters contacts by email and sorts companies by name', async () => {
    const person = sandbox.seeds.acme.people[1];
    const found = valueOf(await sdk.contactsList(acme, { filter: { email: person.email } })).getContactsResponse!.data;
    expect(found.map((c) => c.name)).toEqual([person.name]);
    const sorted = (await request('GET', '/crm/companies?limit=200&sort[by]=name&sort[direction]=desc')).body.data.map(
      (c: { name: string }) => c.name,
    );
    expect(sorted).toEqual([...sorted].sort().reverse());
  });

  it('creates, reads, updates and deletes a company', async () => {
    const created = valueOf(
      await sdk.companiesCreate(acme, {
        company1: { name: 'Aperture Science', industry: 'Research', websites: [{ url: 'https://aperture.example' }] },
      }),
    );
    expect(created.createCompanyResponse).toMatchObject({
      statusCode: 201,
      status: 'Created',
      service: 'salesforce',
      resource: 'companies',
      operation: 'add',
    });
    const id = created.createCompanyResponse!.data.id;
    expect(id).toMatch(/^001Dn\d{13}$/);
    valueOf(await sdk.companiesUpdate(acme, { id, company1: { name: 'Aperture Science', annualRevenue: '1200000' } }));
    const read = valueOf(await sdk.companiesGet(acme, { id })).getCompanyResponse!.data;
    expect(read).toMatchObject({ id, name: 'Aperture Science', industry: 'Research', annualRevenue: '1200000' });
    const deleted = valueOf(await sdk.companiesDelete(acme, { id })).deleteCompanyResponse!;
    expect(deleted).toMatchObject({ operation: 'delete', data: { id } });
    const gone = await sdk.companiesGet(acme, { id });
    expect(gone.ok).toBe(false);
    expect((await request('GET', `/crm/companies/${id}`)).body).toMatchObject({
      status_code: 404,
      type_name: 'NotFoundError',
    });
  });

  it('refuses invalid bodies with 422 RequestValidationError naming the fields, storing nothing', async () => {
    const before = crmOf(consumerState('acme'), 'salesforce').opportunities.size;
    const answer = await request('POST', '/crm/opportunities', {
      body: { monetary_amount: 'lots', close_date: '2026-13-45', colour: 'red' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status_code: 422,
      error: 'Unprocessable Entity',
      type_name: 'RequestValidationError',
      ref: expect.stringContaining('requestvalidationerror'),
    });
    for (const field of ['monetary_amount', 'close_date', 'colour', 'title'])
      expect(answer.body.detail).toContain(`"${field}"`);
    expect(crmOf(consumerState('acme'), 'salesforce').opportunities.size).toBe(before);
    const lead = await request('POST', '/crm/leads', { body: { name: 'X', emails: [{ email: 'not-an-email' }] } });
    expect([lead.status, lead.body.detail]).toEqual([422, expect.stringContaining('"emails"')]);
  });

  it('keeps consumers apart: their own CRM, ids and records', async () => {
    const acmeCompanies = (await request('GET', '/crm/companies?limit=200')).body;
    const globexCompanies = (await request('GET', '/crm/companies?limit=200', { workspace: 'globex' })).body;
    expect([acmeCompanies.service, globexCompanies.service]).toEqual(['salesforce', 'hubspot']);
    const acmeIds = new Set(acmeCompanies.data.map((c: { id: string }) => c.id));
    expect(globexCompanies.data.some((c: { id: string }) => acmeIds.has(c.id))).toBe(false);
    const lead = valueOf(await sdk.leadsCreate(acme, { lead: { name: 'Only Acme', companyName: 'Acme' } }))
      .createLeadResponse!.data.id;
    expect((await request('GET', `/crm/leads/${lead}`)).status).toBe(200);
    expect((await request('GET', `/crm/leads/${lead}`, { workspace: 'globex' })).status).toBe(404);
    // The same application key with another consumer id: that consumer's (empty) vault, never acme's.
    const stranger = await request('GET', '/crm/leads', { consumerId: 'initech-consumer' });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({
      type_name: 'InvalidServiceIdError',
      detail: expect.stringContaining('initech-consumer'),
    });
  });

  it('answers a wrong key or app id with 401, and a spent budget with 429 and Retry-After', async () => {
    const bad = await request('GET', '/crm/companies', { headers: { authorization: 'Bearer sk_wrong' } });
    expect([bad.status, bad.body]).toEqual([
      401,
      expect.objectContaining({ status_code: 401, type_name: 'UnauthorizedError', message: 'Unauthorized Request' }),
    ]);
    expect((await request('GET', '/crm/companies', { headers: { 'x-apideck-app-id': 'other-app' } })).status).toBe(401);
    const refused = new UnifyClient({ ...sandboxUnifySettings(sandbox), apiKey: 'sk_wrong' }, 'acme-consumer');
    const failure = await refused.call((core) => sdk.companiesList(core, {}) as never).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Missing authentication') });
    sandbox.faults.add({ prefix: '/unify', status: 429, retryAfter: 7, times: 1 });
    const limited = await request('GET', '/crm/companies');
    expect([limited.status, limited.headers.get('retry-after'), limited.body.type_name]).toEqual([
      429,
      '7',
      'TooManyRequestsError',
    ]);
  });
});

describe("the fake's answers against Apideck's CRM description", () => {
  const bodies: Record<string, Record<string, unknown>> = {
    companies: {
      name: 'Contract Co',
      websites: [{ url: 'https://contract.example', type: 'primary' }],
      annual_revenue: '5000000',
    },
    contacts: {
      first_name: 'Cora',
      last_name: 'Tract',
      emails: [{ email: 'cora@contract.example', type: 'work' }],
      title: 'CTO',
    },
    opportunities: {
      title: 'Contract deal',
      monetary_amount: 12000,
      currency: 'USD',
      win_probability: 40,
      close_date: '2026-12-15',
      pipeline_stage_id: 'proposal',
    },
    leads: { name: 'Lee Contract', company_name: 'Contract Co', emails: [{ email: 'lee@contract.example' }] },
    users: { name: 'Una User', emails: [{ email: 'una@acme.test', type: 'primary' }] },
  };

  it.each(Object.keys(bodies))('%s: list, create, get, update, delete and their errors conform', async (resource) => {
    for (const workspace of ['acme', 'globex'] as const) {
      const listed = await request('GET', `/crm/${resource}?limit=3`, { workspace });
      expect(listed.body.data.length).toBeGreaterThan(0);
      const created = await request('POST', `/crm/${resource}`, { workspace, body: bodies[resource] });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      expect((await request('GET', `/crm/${resource}/${id}`, { workspace })).body.data).toMatchObject(bodies[resource]);
      expect(
        (await request('PATCH', `/crm/${resource}/${id}`, { workspace, body: { description: 'changed' } })).status,
      ).toBe(200);
      expect((await request('DELETE', `/crm/${resource}/${id}`, { workspace })).status).toBe(200);
      expect(
        (await request('PATCH', `/crm/${resource}/${id}`, { workspace, body: { description: 'late' } })).status,
      ).toBe(404);
      expect((await request('POST', `/crm/${resource}`, { workspace, body: { nonsense: true } })).status).toBe(422);
    }
  });
});
