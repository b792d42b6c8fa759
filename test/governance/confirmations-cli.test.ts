import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_POLICY } from '../../src/governance/policy-hooks.js';
import type { ConfluenceState } from '../../src/sandbox/confluence/index.js';
import { callClient } from '../helpers/cli.js';
import { fakeState, systemServer } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';

// `constellation call` (the built bin: `npm run build` first when running vitest directly) against a server
// whose tenants may confirm by token.
let server: TestServer;
let page: string;
let env: Record<string, string>;

beforeAll(async () => {
  const started = await systemServer('wiki', {
    governancePolicy: { ...DEFAULT_POLICY, allowsTokenConfirmation: () => true },
  });
  server = started.server;
  const space = [...fakeState<ConfluenceState>(server, '/confluence', 'acme').spaces.values()][0].key;
  page = ((await started.run('create_page', { space_key: space, title: 'CLI page', body: 'text' })) as { id: string })
    .id;
  env = {
    CONSTELLATION_SERVER_URL: server.url,
    CONSTELLATION_TOKEN: await server.tokenFor('acme'),
    CONSTELLATION_DATA_DIR: mkdtempSync(join(tmpdir(), 'constellation-confirm-')),
  };
});
afterAll(() => server.close());

it('constellation call is refused with the link and the token, and runs once repeated with --confirmation', async () => {
  const refused = await callClient(['wiki', 'delete-page', '--page_id', page], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('failed with HTTP 409');
  expect(refused.stderr).toContain('CONFIRMATION_REQUIRED');
  expect(refused.stderr).toContain(`${server.url}/confirmations/`);
  const token = /"confirmation_token": "([\w-]+)"/.exec(refused.stderr)![1];
  expect(server.sandbox.faults.count('DELETE', `/pages/${page}`)).toBe(0);
  const ran = await callClient(['wiki', 'delete-page', '--page_id', page, '--confirmation', token], env);
  expect(ran.code).toBe(0);
  expect(JSON.parse(ran.stdout)).toMatchObject({ data: { deleted: true, page_id: page } });
  expect(server.sandbox.faults.count('DELETE', `/pages/${page}`)).toBe(1);
});
