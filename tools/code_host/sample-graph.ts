import { GraphBatch } from '../../src/graph/ingest/index.js';
import type { Sample, SampleGraphPart } from '../../src/graph/seed.js';

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

/**
 * code_host's part of the sample graph: repositories, people, contributors, pull requests and issues as
 * its tools return them, deployments (no tool lists them: DORA reads them without returning them), and
 * the activity of a few pull request queries.
 */
export function codeHostSample({ team, day }: Sample): SampleGraphPart {
  const { owner, people } = team;
  const repos = team.repositories.map((r) => r.name);
  const gh = (i: number) => ({ login: people[i].login, id: people[i].githubId });
  const deployedRepo = `${owner}/${repos[0]}`;
  return {
    results: [
      {
        tool: 'get_repositories',
        args: {},
        result: {
          repositories: team.repositories.map(({ name, description, language }, i) => ({
            id: 100 + i,
            name,
            full_name: `${owner}/${name}`,
            description,
            language,
            private: true,
            default_branch: 'main',
          })),
        },
      },
      ...people.map((p) => ({
        tool: 'get_user_by_email',
        args: { email: p.email },
        result: { login: p.login, id: p.githubId, name: p.name, email: p.email },
      })),
      ...repos.map((name, r) => ({
        tool: 'get_contributors',
        args: { repo_id: `${owner}/${name}` },
        result: {
          contributors: [0, 1, 2, 3, 4]
            .filter((i) => (i + r) % 3 !== 0)
            .map((i) => ({ ...gh(i), contributions: 10 + i * 7 })),
        },
      })),
      {
        tool: 'get_pull_requests',
        args: {},
        result: {
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
      },
      {
        tool: 'get_issues',
        args: { repo_id: deployedRepo },
        result: {
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
      },
    ],
    batches: [deployments(deployedRepo, day)],
    activity: people.slice(0, 3).map((p, i) => ({
      action: 'mcp.get_pull_requests',
      actorType: 'user',
      actorId: p.email,
      targetType: 'repository',
      targetId: `${owner}/${repos[i]}`,
      properties: { system: 'code_host', tool: 'get_pull_requests', success: true, seeded: true },
    })),
  };
}

/** Two deployments of one repository, to staging then production. */
function deployments(repo: string, day: Sample['day']): GraphBatch {
  const batch = new GraphBatch();
  for (const n of [1, 2]) {
    const handle = batch.node('deployment', String(800 + n), {
      id: String(800 + n),
      environment: n === 1 ? 'staging' : 'production',
      status: 'success',
      ref: 'main',
      sha: `abc${n}`,
      repo,
      created_at: day(n + 5),
    });
    batch.edge(handle, 'DEPLOYED_TO', batch.ref('repository', repo, { full_name: repo }));
  }
  return batch;
}
