import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemManifest } from '../../src/catalog/manifest.js';
import { GraphBatch } from '../../src/graph/ingest/batch.js';
import { MANIFESTS } from '../../tools/index.js';
import { manifest as statusPage } from '../catalog/example-system/status-page.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { documentsApi, upload } from './files.js';

/**
 * The example system declares how documents name its nodes: its incidents as `inc-<tenant>-<n>` (kept
 * as tickets until it has nodes of its own) and its components by name.
 */
const statusPageNaming: SystemManifest = {
  ...statusPage,
  mentions: [{ nodeType: 'status_incident', pattern: /\b(inc-[a-z0-9]+-\d+)\b/g, join: '', alsoNodeTypes: ['issue'] }],
  namedByLabel: ['status_component'],
};

let server: TestServer;
let api: ReturnType<typeof documentsApi>;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 }, manifests: [...MANIFESTS, statusPageNaming] });
  token = await server.tokenFor('acme');
  api = documentsApi(server, token);
  const batch = new GraphBatch();
  batch.node('pull_request', 'acme/api#12', { number: 12, repo: 'acme/api', title: 'Retry payouts' });
  batch.node('issue', 'acme/api#7', { number: 7, repo: 'acme/api', title: 'Payouts stuck' });
  batch.node('page', '9001', { title: 'Payout runbook' });
  batch.node('issue', 'inc-acme-1', { key: 'inc-acme-1', summary: 'Webhooks delayed' });
  batch.node('status_component', 'webhooks', { name: 'Webhook gateway' });
  await server.app.services.graph.ingest(server.callerFor('acme').tenantId, batch, 'test');
}, 30_000);
afterAll(() => server.close());

const entityCountOf = async (text: string): Promise<number> => {
  const res = await upload(server, token, 'note.txt', text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await api.get(res.body.document_id as string)).body.entity_count as number;
};

describe('documents link the nodes the systems say texts name', () => {
  it('links `owner/repo#12` to the pull request, or to the issue of that number (the code host’s patterns)', async () => {
    expect(await entityCountOf('See acme/api#12 and acme/api#7; acme/api#99 does not exist.')).toBe(2);
  });

  it('links a wiki page named by its title (the wiki’s declaration)', async () => {
    expect(await entityCountOf('Follow the payout runbook before retrying.')).toBe(1);
  });

  it('links what a new system’s manifest declares: a mention naming another type, a node named by its label', async () => {
    expect(await entityCountOf('The webhook gateway slowed down during inc-acme-1.')).toBe(2);
  });
});
