import express from 'express';
import { z } from 'zod';
import type { SystemManifest } from '../../../src/catalog/manifest.js';
import { extractorOf, readsResultsOf } from '../../../src/graph/ingest/tool-readers.js';
import { classifyByStatus, upstreamError } from '../../../src/integrations/http-status.js';
import { defineIntegration, type UpstreamFetch } from '../../../src/integrations/integration.js';
import type { WorkspaceId } from '../../../src/sandbox/credentials.js';
import type { FakeUpstream } from '../../../src/sandbox/fake-upstream.js';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { getAvailability, getComponents, readComponents, type Component } from './components.js';
import { statusPageRoutes } from './rest.js';

/**
 * A whole system in one folder, as a new system's would hold it: a status-page upstream with its
 * client, integration, fake, tools and graph readers (here), its components, their node type and an
 * analytical tool (components.ts), and its REST family (rest.ts). The test adds it to the catalog
 * without touching any central file.
 */

/** The upstream's client: what an official SDK would be, given our fetch. */
export class StatusPageClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly fetch: UpstreamFetch,
  ) {}

  async incidents(): Promise<Array<{ id: string; title: string; status: string; repo: string }>> {
    return (
      await this.get<{ incidents: Array<{ id: string; title: string; status: string; repo: string }> }>('/incidents')
    ).incidents;
  }

  async components(): Promise<Component[]> {
    return (await this.get<{ components: Component[] }>('/components')).components;
  }

  private async get<T>(path: string): Promise<T> {
    const response = await this.fetch(`${this.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (!response.ok)
      throw Object.assign(new Error(`status page answered ${response.status}`), { statusPage: response });
    return (await response.json()) as T;
  }
}

declare module '../../../src/toolkit/context.js' {
  interface ClientMap {
    statuspage: StatusPageClient;
  }
}

const TOKENS: Record<WorkspaceId, string> = { acme: 'sp-acme', globex: 'sp-globex' };

const fake: FakeUpstream<{
  incidents: Array<{ id: string; title: string; status: string; repo: string }>;
  components: Component[];
}> = {
  prefix: '/statuspage',
  seed: (workspace) => ({
    incidents: [
      {
        id: `inc-${workspace.identity.id}-1`,
        title: 'Webhook delays',
        status: 'resolved',
        repo: `${workspace.identity.id}/api`,
      },
    ],
    components: [
      { id: 'api', name: 'API', status: 'operational' },
      { id: 'webhooks', name: 'Webhooks', status: 'degraded_performance' },
    ],
  }),
  router(states) {
    const router = express.Router();
    const workspaceOf = (authorization: string | undefined) =>
      (Object.keys(TOKENS) as WorkspaceId[]).find((id) => authorization === `Bearer ${TOKENS[id]}`);
    router.get('/incidents', (req, res) => {
      const workspace = workspaceOf(req.headers.authorization);
      if (!workspace) return void res.status(401).json({ error: 'unauthorized' });
      res.json({ incidents: states[workspace].incidents });
    });
    router.get('/components', (req, res) => {
      const workspace = workspaceOf(req.headers.authorization);
      if (!workspace) return void res.status(401).json({ error: 'unauthorized' });
      res.json({ components: states[workspace].components });
    });
    router.post('/incidents', (_req, res) => void res.status(201).json({ id: 'new' }));
    return router;
  },
};

const Credentials = z.object({ token: z.string().min(1), baseUrl: z.url() });

export const statusPageIntegration = defineIntegration({
  id: 'statuspage',
  title: 'Status page',
  connectionKeys: ['status_page'],
  credentials: Credentials,
  sources: ['jwt', 'env'],
  env: { token: 'STATUSPAGE_TOKEN', baseUrl: 'STATUSPAGE_URL' },
  createClient: (credentials: z.infer<typeof Credentials>, { fetch }) =>
    new StatusPageClient(credentials.baseUrl, credentials.token, fetch),
  classifyResponse: classifyByStatus('Status page'),
  mapError: (error) => {
    const response = (error as { statusPage?: Response } | null)?.statusPage;
    return response
      ? upstreamError({ status: response.status, headers: response.headers, cause: error }, 'Status page')
      : undefined;
  },
  demo: async () => ({
    fake: fake,
    credentials: (workspace, fakeUrl) => ({ token: TOKENS[workspace], baseUrl: fakeUrl }),
    probes: {
      read: { path: '/incidents', send: (client) => (client as StatusPageClient).incidents() },
      create: { path: '/incidents', send: async () => undefined },
    },
  }),
});

const Incident = z.object({
  id: z.string().describe('Incident id'),
  title: z.string(),
  status: z.string(),
  repo: z.string().describe('Affected repository'),
});

export const getIncidents = defineTool({
  system: 'status_page',
  name: 'get_incidents',
  description: 'Incidents of the status page, newest first.',
  capability: { type: 'read', name: 'status_page.incidents.list' },
  input: z.object({}),
  list: { key: 'incidents' },
  item: Incident,
  hints: {
    aliases: ['outages', 'incidents'],
    when_to_use: 'What broke in production and whether it is resolved.',
    not_for: 'Deployment history (code_host_get_dora_metrics).',
    examples: [{ query: 'recent incidents', tool: 'get_incidents', params: {} }],
  },
  async run({ client }) {
    return { items: await client('statuspage').incidents() };
  },
});

export const manifest: SystemManifest = {
  system: {
    id: 'status_page',
    name: 'Status page',
    description: 'Incidents and their status.',
    keywords: ['incident', 'outage', 'status'],
    when_to_use: 'Incidents.',
  },
  tools: [getIncidents, getComponents, getAvailability],
  integrations: [statusPageIntegration],
  extractor: extractorOf([
    readsResultsOf(getIncidents, ({ result }, batch) => {
      for (const incident of result.incidents) {
        const handle = batch.node('issue', incident.id, {
          key: incident.id,
          title: incident.title,
          status: incident.status,
          labels: ['incident'],
        });
        batch.edge(handle, 'BELONGS_TO', batch.ref('repository', incident.repo, { full_name: incident.repo }));
      }
    }),
    readComponents,
  ]),
  entityTypes: ['issue', 'repository', 'status_component'],
  // Its family serves `/status_page/...`: its method routes are `/v1/status_page/...` only.
  rest: { routes: [statusPageRoutes], ownsBarePaths: true },
  synonyms: { outage: ['incident'] },
  // Texts anywhere (tickets, pages, notes, documents) that name an incident (`inc-acme-1`) link to it.
  mentions: [{ nodeType: 'issue', pattern: /\b(inc-[a-z0-9]+-\d+)\b/g, join: '', keyProperty: 'key' }],
  // Its part of the sample graph: its incidents as its tool returns them, and a component that names
  // one of them and a ticket in its description.
  sampleGraph: ({ team, batch: newBatch }) => {
    const batch = newBatch();
    const description = `Degraded since inc-${team.owner}-1; PAY-102 tracks the retries`;
    const component = batch.node('status_component', 'webhooks', { name: 'Webhooks', description });
    batch.linkMentions(component, [description], ['issue']);
    return {
      results: [
        {
          tool: 'get_incidents',
          args: {},
          result: {
            incidents: [
              { id: `inc-${team.owner}-1`, title: 'Webhook delays', status: 'resolved', repo: `${team.owner}/api` },
            ],
          },
        },
      ],
      batches: [batch],
    };
  },
};
