import type { GraphService } from './service/graph-service.js';
import { extract, GraphBatch, type Extractor } from './ingest/index.js';
import { linkMentionedTickets, ticketNode } from './ingest/extractor.js';

/**
 * A realistic sample graph for a small team that ships a payments service: code_host results go through
 * the real extractor; tickets, wiki pages and notes are written as the batches their systems'
 * extractors produce, so the sample needs no upstream of theirs.
 */
interface SamplePerson {
  login: string;
  githubId: number;
  name: string;
  email: string;
  accountId: string;
}

interface SampleRepository {
  name: string;
  description: string;
  language: string | null;
}

/**
 * Who and what the sample is about: at least 6 people and 3 repositories. Demo mode passes the sandbox
 * workspace's own people and repositories, so the graph names what the tools return.
 */
export interface SampleTeam {
  /** code_host organisation login. */
  owner: string;
  people: readonly SamplePerson[];
  repositories: readonly SampleRepository[];
}

const FIXED_PEOPLE = [
  ['ada-l', 'Ada Lovelace', 'ada'],
  ['grace-h', 'Grace Hopper', 'grace'],
  ['linus-t', 'Linus Torvalds', 'linus'],
  ['margaret-h', 'Margaret Hamilton', 'margaret'],
  ['ken-t', 'Ken Thompson', 'ken'],
  ['barbara-l', 'Barbara Liskov', 'barbara'],
] as const;
const FIXED_REPOS = ['api', 'web', 'infra'];

/** The sample team outside demo mode: invented people at `<tenant>.example`. */
function fixedSampleTeam(tenantId: string, domain = `${tenantId}.example`): SampleTeam {
  return {
    owner: tenantId.toLowerCase(),
    people: FIXED_PEOPLE.map(([login, name, local], i) => ({
      login,
      githubId: 9000 + i,
      name,
      email: `${local}@${domain}`,
      accountId: `5f00a${i + 1}`,
    })),
    repositories: FIXED_REPOS.map((name, i) => ({
      name,
      description: `The ${name} of the payments platform`,
      language: i === 2 ? 'HCL' : 'TypeScript',
    })),
  };
}
const PR_TITLES = [
  'PAY-101 Add idempotency keys to payment intents',
  'PAY-102 Retry webhooks with exponential backoff',
  'WEB-7 Checkout page shows saved cards',
  'Bump express to 5.1',
  'PAY-104 Reconcile refunds nightly',
  'WEB-9 Accessible form errors',
  'Terraform: move Redis to a private subnet',
  'PAY-105 Expose payout status in the API',
];
const TICKETS: Array<[string, string, string, string]> = [
  ['PAY-101', 'Idempotency keys for payment intents', 'Done', 'High'],
  ['PAY-102', 'Webhook retries', 'In Review', 'High'],
  ['PAY-103', 'Currency rounding differs between API and ledger', 'To Do', 'Highest'],
  ['PAY-104', 'Nightly refund reconciliation', 'In Progress', 'Medium'],
  ['PAY-105', 'Payout status endpoint', 'In Progress', 'Medium'],
  ['WEB-7', 'Saved cards on checkout', 'Done', 'Medium'],
  ['WEB-8', 'Dark mode for the dashboard', 'To Do', 'Low'],
  ['WEB-9', 'Accessible form errors', 'In Review', 'High'],
];

interface SeedSummary {
  nodes_written: number;
  edges_written: number;
  activity_written: number;
}

/** Loads the sample graph into a tenant (idempotent: loading twice merges into the same nodes). */
export function seedGraph(
  graph: GraphService,
  extractors: Readonly<Record<string, Extractor>>,
  tenantId: string,
  team: SampleTeam = fixedSampleTeam(tenantId),
): SeedSummary {
  const { owner } = team;
  const people = team.people.slice(0, 6);
  const repos = team.repositories.slice(0, 3).map((r) => r.name);
  const gh = (i: number) => ({ login: people[i].login, id: people[i].githubId });
  const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString();
  const results: Array<[string, string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'code_host',
      'get_repositories',
      {},
      {
        repositories: team.repositories.slice(0, 3).map(({ name, description, language }, i) => ({
          id: 100 + i,
          name,
          full_name: `${owner}/${name}`,
          description,
          language,
          private: true,
          default_branch: 'main',
        })),
      },
    ],
    ...people.map((p): [string, string, Record<string, unknown>, Record<string, unknown>] => [
      'code_host',
      'get_user_by_email',
      { email: p.email },
      { login: p.login, id: p.githubId, name: p.name, email: p.email },
    ]),
    ...repos.map((name, r): [string, string, Record<string, unknown>, Record<string, unknown>] => [
      'code_host',
      'get_contributors',
      { repo_id: `${owner}/${name}` },
      {
        contributors: [0, 1, 2, 3, 4]
          .filter((i) => (i + r) % 3 !== 0)
          .map((i) => ({ ...gh(i), contributions: 10 + i * 7 })),
      },
    ]),
    [
      'code_host',
      'get_pull_requests',
      {},
      {
        pull_requests: PR_TITLES.map((title, n) => ({
          id: 500 + n,
          number: n + 1,
          title,
          body: n === 1 ? 'Fixes #3. Retries follow the backoff policy.' : null,
          state: n < 5 ? 'open' : 'closed',
          draft: n === 3,
          user: gh(n % 5),
          head: { ref: `feature/${n + 1}`, sha: `abc${n}` },
          base: { ref: 'main', sha: 'def0' },
          repo: `${owner}/${repos[n % 3 === 2 ? 2 : n % 2]}`,
          created_at: day(n),
          updated_at: day(n + 2),
          reviews: [
            { user: gh((n + 1) % 6), state: n % 2 ? 'APPROVED' : 'CHANGES_REQUESTED', submitted_at: day(n + 1) },
          ],
        })),
      },
    ],
    [
      'code_host',
      'get_issues',
      { repo_id: `${owner}/${repos[0]}` },
      {
        issues: [3, 4].map((number, i) => ({
          id: 700 + i,
          number,
          title: i ? 'Flaky ledger test' : 'Webhook deliveries time out',
          state: 'open',
          labels: [{ id: 1, name: 'bug', color: 'd73a4a' }],
          user: gh(i + 2),
          assignees: [gh(i)],
          comments: 2,
          created_at: day(i),
          updated_at: day(i + 3),
        })),
      },
    ],
  ];
  let nodes = 0;
  let edges = 0;
  const batches: Array<[string, GraphBatch]> = [
    ...results.map(([system, tool, args, result]): [string, GraphBatch] => [
      system,
      extract(extractors, system, { tool, args, result }),
    ]),
    ...sampleWork(people, day, `${owner}/${repos[0]}`),
  ];
  for (const [system, batch] of batches) {
    const written = graph.ingest(tenantId, batch, system);
    nodes += written.nodes;
    edges += written.edges;
  }
  const activity = people.slice(0, 3).map((p, i) => ({
    action: 'mcp.get_pull_requests',
    actorType: 'user',
    actorId: p.email,
    targetType: 'repository',
    targetId: `${owner}/${repos[i]}`,
    properties: { system: 'code_host', tool: 'get_pull_requests', success: true, seeded: true },
  }));
  for (const record of activity) graph.recordActivity(tenantId, record);
  return { nodes_written: nodes, edges_written: edges, activity_written: activity.length };
}

/** Tickets with their projects and people, wiki pages in a space, and a notes database. */
function sampleWork(
  people: readonly SamplePerson[],
  day: (n: number) => string,
  deployedRepo: string,
): Array<[string, GraphBatch]> {
  // Deployments: no code_host tool lists them (DORA reads them without returning them).
  const deployments = new GraphBatch();
  for (const n of [1, 2]) {
    const repo = deployedRepo;
    const handle = deployments.node('deployment', String(800 + n), {
      id: String(800 + n),
      environment: n === 1 ? 'staging' : 'production',
      status: 'success',
      ref: 'main',
      sha: `abc${n}`,
      repo,
      created_at: day(n + 5),
    });
    deployments.edge(handle, 'DEPLOYED_TO', deployments.ref('repository', repo, { full_name: repo }));
  }

  const atlassian = (batch: GraphBatch, i: number) =>
    batch.person({ accountId: people[i].accountId, email: people[i].email }, { name: people[i].name });
  const ticketing = new GraphBatch();
  for (const [i, [key, name]] of [
    ['PAY', 'Payments'],
    ['WEB', 'Web checkout'],
  ].entries()) {
    const project = ticketing.node('project', key, {
      key,
      id: String(10000 + i),
      name,
      description: `${name} team board`,
      lead: people[i].name,
      project_type: 'software',
      style: 'next-gen',
    });
    ticketing.edge(project, 'CREATED_BY', atlassian(ticketing, i));
  }
  TICKETS.forEach(([key, summary, status, priority], n) => {
    const description = n === 2 ? 'Seen while fixing PAY-101; see the ledger notes.' : undefined;
    const statusCategory = status === 'Done' ? 'done' : status === 'To Do' ? 'new' : 'indeterminate';
    const fields = {
      id: String(20000 + n),
      summary,
      description,
      status,
      status_category: statusCategory,
      priority,
      issue_type: n % 3 ? 'Story' : 'Bug',
      created: day(n),
      updated: day(n + 4),
    };
    const handle = ticketNode(ticketing, key, fields);
    ticketing.edge(handle, 'ASSIGNED_TO', atlassian(ticketing, (n + 1) % 6));
    ticketing.edge(handle, 'AUTHORED_BY', atlassian(ticketing, n % 2 ? 0 : 3));
    linkMentionedTickets(ticketing, handle, [summary, description], key);
  });

  const wiki = new GraphBatch();
  wiki.node('space', 'ENG', { key: 'ENG', id: '1', name: 'Engineering', type: 'global', status: 'current' });
  [
    'Payments architecture',
    'Runbook: webhook retries (PAY-102)',
    'Ledger rounding rules for PAY-103',
    'Checkout accessibility checklist WEB-9',
  ].forEach((title, n) => {
    const id = String(30000 + n);
    const page = wiki.node('page', id, {
      id,
      title,
      status: 'current',
      space_key: 'ENG',
      version: n + 1,
      updated: day(n + 6),
      author: people[n + 1].name,
    });
    wiki.edge(page, 'BELONGS_TO', wiki.ref('space', 'ENG', { key: 'ENG', name: 'Engineering' }));
    wiki.edge(page, 'AUTHORED_BY', atlassian(wiki, n + 1));
    linkMentionedTickets(wiki, page, [title]);
  });

  const notes = new GraphBatch();
  notes.node('notes_database', 'db-roadmap', { id: 'db-roadmap', title: 'Roadmap' });
  ['Q4 payments roadmap', 'Retro: PAY-101 rollout'].forEach((title, n) => {
    const page = notes.node('notes_page', `np-${n + 1}`, { id: `np-${n + 1}`, title, database_id: 'db-roadmap' });
    notes.edge(page, 'BELONGS_TO', notes.ref('notes_database', 'db-roadmap', { id: 'db-roadmap' }));
    linkMentionedTickets(notes, page, [title]);
  });
  return [
    ['code_host', deployments],
    ['ticketing', ticketing],
    ['wiki', wiki],
    ['notes', notes],
  ];
}
