import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../../src/sandbox/credentials.js';
import type { NotionState, PageRecord } from '../../src/sandbox/notion/index.js';
import { fakeState } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';
import { unifiedFamily } from '../helpers/unified-family.js';

const family = unifiedFamily('/notes');
let server: TestServer;
beforeAll(() => {
  server = family.server();
});
const notion = (workspace: WorkspaceId = 'acme') => fakeState<NotionState>(server, '/notion', workspace);
const tasks = (workspace: WorkspaceId = 'acme') => {
  const database = [...notion(workspace).databases.values()].find((d) => d.title === 'Engineering Tasks');
  if (!database) throw new Error(`no Engineering Tasks in ${workspace}`);
  const rows = [...notion(workspace).pages.values()].filter(
    (p): p is PageRecord => p.parent.type === 'data_source_id' && p.parent.database_id === database.id,
  );
  return { id: database.id, rows };
};

/** Requests a REST call sent, forwarded by Apideck's proxy, to the Notion fake, as `METHOD /v1/path`. */
async function forwarded(method: string, path: string, tenant: WorkspaceId = 'acme') {
  const before = server.sandbox.faults.log.length;
  const answer = await family.request(method, path, { tenant });
  const requests = server.sandbox.faults.log
    .slice(before)
    .filter((r) => r.path.startsWith('/notion/'))
    .map((r) => `${r.method} ${r.path.slice('/notion'.length)}`);
  return { answer, requests };
}

describe('what unified notes calls remember for a short time', () => {
  it('reads the workspace’s people and the database’s data source once for several calls', async () => {
    const { id, rows } = tasks();
    await family.request('GET', `/databases/${id}/pages/${rows[0].id}`);
    await family.request('GET', `/databases/${id}/pages?limit=2`);
    const read = await forwarded('GET', `/databases/${id}/pages/${rows[1].id}`);
    expect(read.answer.status).toBe(200);
    expect(read.requests).toEqual([`GET /v1/pages/${rows[1].id}`, `GET /v1/blocks/${rows[1].id}/children`]);
    const list = await forwarded('GET', `/databases/${id}/pages?limit=2`);
    expect(list.answer.status).toBe(200);
    expect(list.requests.map((r) => r.replace(/[0-9a-f-]{36}/g, ':id'))).toEqual(['POST /v1/data_sources/:id/query']);
  });

  it('names a person added to the workspace after the people were remembered', async () => {
    const { id, rows } = tasks();
    await family.request('GET', `/databases/${id}/pages/${rows[2].id}`);
    const state = notion();
    const newcomer = { id: state.nextId(), type: 'person' as const, name: 'Nadia Newcomer', email: 'nadia@acme.test' };
    state.users.push(newcomer);
    rows[3].properties.Owner = { type: 'people', people: [{ object: 'user', id: newcomer.id }] };
    const { answer } = await forwarded('GET', `/databases/${id}/pages/${rows[3].id}`);
    expect(answer.body.data.properties.Owner).toEqual([
      { id: newcomer.id, name: 'Nadia Newcomer', email: 'nadia@acme.test' },
    ]);
    // A later read knows the newcomer without asking again.
    expect((await forwarded('GET', `/databases/${id}/pages/${rows[3].id}`)).requests).not.toContain('GET /v1/users');
  });

  it('never shows one tenant the people another tenant’s calls remembered', async () => {
    const acme = tasks('acme');
    await family.request('GET', `/databases/${acme.id}/pages/${acme.rows[0].id}`);
    const globex = tasks('globex');
    const { answer, requests } = await forwarded('GET', `/databases/${globex.id}/pages/${globex.rows[0].id}`, 'globex');
    expect(requests).toContain('GET /v1/users');
    const creator = notion('globex').users.find((u) => u.id === globex.rows[0].createdBy);
    expect(creator).toBeDefined();
    expect(answer.body.data.created_by).toEqual({ id: creator?.id, name: creator?.name, email: creator?.email });
  });
});
