import { z } from 'zod';
import { entityNotFound } from '../../src/graph/service/errors.js';
import { IDENTIFIER_KIND_NAMES } from '../../src/graph/service/identity-kinds.js';
import { IdentityLinks } from '../../src/graph/service/identity-links.js';
import { findPeople } from '../../src/graph/service/person-finder.js';
import { GraphPersonWork } from '../../src/graph/service/person-work.js';
import { parseProperties } from '../../src/graph/store/rows.js';
import { defineTool } from '../../src/toolkit/define-tool.js';
import { WORK_SYSTEMS } from '../insights/my-work/schemas.js';
import { graphFor } from './fields.js';
import { openWorkOf, OpenWorkSchema } from './person-open-work.js';
import { pagesEditedBy, PagesEditedSchema } from './person-pages.js';
import { FeedResultSchema, Int, Timestamp } from './schemas.js';

const WorkItemSchema = z.looseObject({
  node_type: z.string(),
  node_id: z.string(),
  title: z.string().optional(),
  status: z.string().optional(),
  updated_at: Timestamp.optional(),
});
const WorkList = z.array(WorkItemSchema);
const PersonKind = z
  .enum(['colleague', 'contact'])
  .describe('contact: someone outside the organisation (a CRM contact, or one of your own mail correspondents)');
const CONTACT = 'contact';

const PersonResultSchema = z.looseObject({
  match: z.enum(['one', 'several']).describe('several: the name is ambiguous, pick one of candidates and ask again'),
  person: z.string().optional().describe('The person node id (a user entity, or a contact entity for a contact)'),
  kind: PersonKind.optional(),
  name: z.string().optional(),
  email: z.string().optional().describe("A contact's email"),
  identities: z
    .array(
      z.looseObject({
        system: z.string(),
        kind: z.enum(IDENTIFIER_KIND_NAMES),
        value: z.string(),
        linked_by: z.enum(['verified_email', 'directory', 'manual']),
        linked_at: Timestamp.optional(),
      }),
    )
    .optional(),
  work: z
    .looseObject({ assigned: WorkList, authored: WorkList, reviewed: WorkList, created: WorkList })
    .optional()
    .describe('Work the graph ties to the person, newest first'),
  open_work: OpenWorkSchema.optional().describe(
    'Live open work per system; meetings and mentions only when the person is the caller',
  ),
  pages_edited: PagesEditedSchema.optional().describe('Pages they edited lately, read live'),
  recent_activity: FeedResultSchema.shape.activity.optional(),
  candidates: z
    .array(
      z.looseObject({
        person: z.string(),
        kind: PersonKind.optional(),
        name: z.string().optional(),
        email: z.string().optional(),
      }),
    )
    .optional(),
  count: Int.optional(),
});
type PersonResult = z.infer<typeof PersonResultSchema>;

/** What the systems hold of the person now, each read concurrently with the caller's credentials. */
async function liveWorkOf(
  ...args: Parameters<typeof openWorkOf>
): Promise<Pick<PersonResult, 'open_work' | 'pages_edited'>> {
  const [open_work, pages_edited] = await Promise.all([openWorkOf(...args), pagesEditedBy(...args)]);
  return { open_work, pages_edited };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

export const getPerson = defineTool({
  system: 'graph',
  name: 'get_person',
  title: 'Find a person',
  description:
    "One person across every system: their identities (GitHub, Jira, Confluence, Notion, Slack, email), work the graph ties to them and recent activity. Find by email, any system's id or handle, or name.",
  capability: { type: 'read', name: 'graph.person.get', readsIfConnected: [...WORK_SYSTEMS, 'notes'] },
  input: z.object({
    person: z.string().trim().min(1).max(320).describe('Email, login, account or member id, or name'),
    limit: z.number().int().min(1).max(50).default(10).describe('Items per work list and activity'),
    open_work: z.boolean().default(true).describe('false: skip reading the systems live'),
  }),
  output: PersonResultSchema,
  hints: {
    aliases: [
      'who is',
      'find person',
      'which person',
      'same person',
      'identities of',
      'accounts of a person',
      'github login and jira account',
      'login and account',
      'working on across tools',
    ],
    when_to_use: 'To know who someone is in every system, or what they work on.',
    not_for: 'Relationships of other entities (graph_get_entity_context).',
    examples: [
      { query: 'who is UA12B34C5', tool: 'get_person', params: { person: 'UA12B34C5' } },
      { query: 'what is Ada Lovelace working on', tool: 'get_person', params: { person: 'Ada Lovelace' } },
    ],
  },
  async run(ctx): Promise<PersonResult> {
    const { services, caller, args } = ctx;
    const graph = graphFor(services, caller);
    const { tenantId } = caller;
    const people = await findPeople(graph, tenantId, args.person);
    if (people.length === 0) throw entityNotFound('user', args.person);
    if (people.length > 1) {
      const candidates = people.map((row) => {
        const properties = parseProperties(row.properties);
        const name = text(properties.name);
        const email = text(properties.email);
        const kind = row.node_type === CONTACT ? ({ kind: 'contact' } as const) : {};
        return { person: row.node_id, ...kind, ...(name ? { name } : {}), ...(email ? { email } : {}) };
      });
      return { match: 'several', candidates, count: candidates.length };
    }
    const [row] = people;
    const properties = parseProperties(row.properties);
    const name = text(properties.name);
    // A contact has no accounts in the tenant's systems: who they are is all there is to tell.
    if (row.node_type === CONTACT) {
      const email = text(properties.email);
      return {
        match: 'one',
        person: row.node_id,
        kind: 'contact',
        ...(name ? { name } : {}),
        ...(email ? { email } : {}),
      };
    }
    const identities = await new IdentityLinks(graph).identitiesOf(tenantId, row.id);
    const email = text(properties.email) ?? identities.find((identity) => identity.kind === 'email')?.value;
    return {
      match: 'one',
      person: row.node_id,
      kind: 'colleague',
      ...(name ? { name } : {}),
      identities,
      work: await new GraphPersonWork(graph).workOf(tenantId, row.id, args.limit),
      ...(args.open_work ? await liveWorkOf(ctx, email, identities, args.limit) : {}),
      recent_activity: await graph.activityOf(tenantId, 'user', row.node_id, args.limit),
    };
  },
});
