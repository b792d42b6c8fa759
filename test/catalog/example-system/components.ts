import { z } from 'zod';
import { readsResultsOf } from '../../../src/graph/ingest/tool-readers.js';
import { defineTool } from '../../../src/toolkit/define-tool.js';

/** The status page's components, the system's own node type, and an analytical tool over them. */

const ComponentSchema = z.object({
  id: z.string().describe('Component id'),
  name: z.string(),
  status: z.string().describe('operational, degraded_performance, partial_outage or major_outage'),
});
export type Component = z.infer<typeof ComponentSchema>;

export const getComponents = defineTool({
  system: 'status_page',
  name: 'get_components',
  description: 'Components of the status page with their current status.',
  capability: { type: 'read', name: 'status_page.components.list' },
  input: z.object({}),
  list: { key: 'components' },
  item: ComponentSchema,
  hints: {
    aliases: ['services status'],
    when_to_use: 'Which parts of the product are up right now.',
    not_for: 'Past incidents (status_page_get_incidents).',
    examples: [{ query: 'is the API up?', tool: 'get_components', params: {} }],
  },
  async run({ client }) {
    return { items: await client('statuspage').components() };
  },
});

/** Each component as a `status_component` node: a node type no other system writes. */
export const readComponents = readsResultsOf(getComponents, ({ result }, batch) => {
  for (const component of result.components)
    batch.node('status_component', component.id, { name: component.name, status: component.status });
});

export const getAvailability = defineTool({
  system: 'status_page',
  name: 'get_availability',
  description: 'Share of components operational now, and incidents still open.',
  capability: {
    type: 'analytical',
    name: 'status_page.analytics.availability',
    outputs: ['operational_share', 'open_incidents'],
  },
  input: z.object({}),
  output: z.object({
    components: z.number().int(),
    operational_share: z.number().describe('Operational components over all, 0-1'),
    open_incidents: z.number().int(),
  }),
  hints: {
    aliases: ['uptime'],
    when_to_use: 'How healthy the product is overall.',
    not_for: 'The status of one component (status_page_get_components).',
    examples: [{ query: 'how available are we?', tool: 'get_availability', params: {} }],
  },
  async run({ client }) {
    const [components, incidents] = await Promise.all([
      client('statuspage').components(),
      client('statuspage').incidents(),
    ]);
    const operational = components.filter((c) => c.status === 'operational').length;
    return {
      components: components.length,
      operational_share: components.length ? operational / components.length : 1,
      open_incidents: incidents.filter((i) => i.status !== 'resolved').length,
    };
  },
});
