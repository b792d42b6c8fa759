import type { Person } from '../../seed/people.js';
import type { Random } from '../../seed/random.js';
import { fileRecord } from '../git.js';
import {
  iso,
  nextId,
  type CollaboratorRecord,
  type IssueRecord,
  type RepoRecord,
  type RunRecord,
  type Tree,
  type WorkflowRecord,
  type GithubState,
} from '../state.js';
import {
  CI_WORKFLOW,
  DEPLOY_WORKFLOW,
  LABELS,
  RELEASE_WORKFLOW,
  licenseText,
  readme,
  type RepoProfile,
} from './catalog.js';
import { DAY, HOUR, type RepoSeedContext, sec } from './context.js';
import { linkDeploymentRuns, materializeDeployments, planDeliveries, planSha, runRecord } from './delivery.js';
import {
  buildBranches,
  buildCommitGraph,
  buildEvents,
  buildReleases,
  linkReviews,
  pullRequestRuns,
} from './history.js';
import { planIncidents, planIssues } from './issues.js';
import { planPulls } from './pulls.js';
import { nameTickets, type DeliveryTicket } from './tickets.js';

interface RepoSeedInput {
  state: GithubState;
  profile: RepoProfile;
  owner: string;
  ownerType: 'Organization' | 'User';
  random: Random;
  people: Person[];
  now: number;
  scale: number;
  /** Resolved Jira tickets the merged pull requests may name. */
  tickets: readonly DeliveryTicket[];
}

/** Generates one repository with six months of history. */
export function seedRepo(input: RepoSeedInput): RepoRecord {
  const { state, profile, random, now } = input;
  const createdAt = sec(now - profile.ageDays * DAY - random.int(0, 20) * HOUR);
  const repo: RepoRecord = {
    id: nextId(state),
    name: profile.name,
    owner: input.owner,
    ownerType: input.ownerType,
    fullName: `${input.owner}/${profile.name}`,
    description: profile.description,
    homepage: profile.homepage,
    language: profile.language,
    topics: [...profile.topics],
    license: profile.license,
    private: profile.visibility !== 'public',
    visibility: profile.visibility,
    archived: false,
    createdAt,
    updatedAt: createdAt,
    pushedAt: createdAt,
    defaultBranch: 'main',
    deleteBranchOnMerge: true,
    stargazers: random.int(0, profile.visibility === 'public' ? 400 : 12),
    forks: random.int(0, 20),
    watchers: random.int(2, 30),
    size: random.int(200, 40_000),
    labels: [],
    issues: [],
    commits: new Map(),
    branches: [],
    tags: [],
    collaborators: [],
    workflows: [],
    runs: [],
    deployments: [],
    releases: [],
    events: [],
  };
  for (const label of LABELS) repo.labels.push({ id: nextId(state), ...label });
  const { team, leads } = pickTeam(input);
  const everyone = input.people.map((p) => p.login);
  const ctx: RepoSeedContext = { state, repo, profile, random, now, scale: input.scale, team, leads, everyone };
  repo.collaborators = collaborators(input, team, leads);
  const tree = baseTree(input, createdAt);
  const workflow = (name: string, path: string): WorkflowRecord => {
    const record: WorkflowRecord = {
      id: nextId(state),
      name,
      path,
      state: 'active',
      createdAt: sec(createdAt + DAY),
      updatedAt: sec(createdAt + 30 * DAY),
    };
    repo.workflows.push(record);
    return record;
  };
  const ci = profile.activity > 0 ? workflow('CI', '.github/workflows/ci.yml') : undefined;
  const deploy = profile.environments.length ? workflow('Deploy', '.github/workflows/deploy.yml') : undefined;
  const release = profile.releases ? workflow('Release', '.github/workflows/release.yml') : undefined;

  const pulls = planPulls(ctx);
  nameTickets(pulls, input.tickets);
  const delivery = planDeliveries(ctx, pulls);
  const incidents = planIncidents(ctx, delivery.deployments);
  const issues: IssueRecord[] = [...pulls.map((p) => p.issue), ...planIssues(ctx), ...incidents.map((i) => i.issue)];
  issues.sort((a, b) => a.createdAt - b.createdAt);
  issues.forEach((issue, index) => {
    issue.number = index + 1;
    issue.id = nextId(state);
    if (issue.pull) issue.pull.id = nextId(state);
  });
  repo.issues = issues;

  const timeline = buildCommitGraph(ctx, pulls, tree, leads[0] ?? team[0]);
  linkReviews(ctx, pulls);
  const runs: RunRecord[] = [];
  if (ci) {
    runs.push(...pullRequestRuns(ctx, pulls, ci));
    for (const main of delivery.mainCi) {
      const sha = planSha(main.pull);
      runs.push(
        runRecord(ctx, {
          workflow: ci,
          event: 'push',
          at: main.at,
          finishedAt: main.finishedAt,
          conclusion: main.conclusion,
          headBranch: repo.defaultBranch,
          headSha: sha,
          actor: main.pull.issue.pull.mergedBy!,
          title: repo.commits.get(sha)!.message.split('\n')[0],
        }),
      );
    }
  }
  runs.push(...materializeDeployments(ctx, delivery.deployments, deploy));
  if (profile.releases) runs.push(...buildReleases(ctx, timeline, pulls, release));
  runs.sort((a, b) => a.createdAt - b.createdAt);
  const runNumbers = new Map<number, number>();
  for (const run of runs) {
    run.id = nextId(state);
    run.runNumber = (runNumbers.get(run.workflowId) ?? 0) + 1;
    runNumbers.set(run.workflowId, run.runNumber);
  }
  repo.runs = runs;
  linkDeploymentRuns(ctx, delivery.deployments);
  for (const { issue, deployment } of incidents) {
    issue.body = `Production deployment ${deployment.id} of \`${deployment.sha!.slice(0, 7)}\` ${deployment.outcome === 'error' ? 'errored' : 'failed'} at ${iso(deployment.finishedAt)}.\n\nCustomers see 5xx errors. Rolling back.`;
  }
  buildBranches(ctx, timeline, pulls);
  buildEvents(ctx, issues);
  const last = timeline.points[timeline.points.length - 1].at;
  repo.pushedAt = Math.max(last, ...repo.branches.map((b) => repo.commits.get(b.sha)!.committer.date));
  repo.updatedAt = Math.max(repo.pushedAt, ...issues.map((i) => i.updatedAt));
  return repo;
}

function pickTeam(input: RepoSeedInput): { team: string[]; leads: string[] } {
  const { random, people, scale } = input;
  if (input.ownerType === 'User') return { team: [input.owner], leads: [input.owner] };
  const leads = random
    .sample(
      people.filter((p) => p.role === 'lead'),
      random.int(1, 2),
    )
    .map((p) => p.login);
  const others = people.filter((p) => p.role === 'engineer' || p.role === 'designer');
  const members = random
    .sample(others, Math.min(others.length, random.int(2, 4) + Math.round(2 * (scale - 1))))
    .map((p) => p.login);
  if (leads.length === 0) leads.push(people[0].login);
  return { team: [...leads, ...members], leads };
}

function collaborators(input: RepoSeedInput, team: string[], leads: string[]): CollaboratorRecord[] {
  return input.people
    .filter((p) => input.ownerType === 'Organization' || p.login === input.owner)
    .map((p): CollaboratorRecord => ({
      login: p.login,
      role:
        p.index === 0 || p.login === input.owner
          ? 'admin'
          : leads.includes(p.login)
            ? 'maintain'
            : team.includes(p.login)
              ? 'write'
              : p.role === 'designer'
                ? 'triage'
                : 'read',
    }));
}

function baseTree(input: RepoSeedInput, createdAt: number): Tree {
  const { profile, owner } = input;
  const tree: Tree = new Map();
  const add = (path: string, content: string): void => void tree.set(path, fileRecord(path, content));
  add('README.md', readme(owner, profile));
  if (profile.license) add('LICENSE', licenseText(profile.license, owner, new Date(createdAt).getUTCFullYear()));
  add('.gitignore', 'node_modules/\ndist/\n.env\n');
  if (input.ownerType === 'Organization') add('CODEOWNERS', `* @${owner}/engineering\n`);
  if (profile.activity > 0) add('.github/workflows/ci.yml', CI_WORKFLOW);
  if (profile.environments.length) add('.github/workflows/deploy.yml', DEPLOY_WORKFLOW);
  if (profile.releases) add('.github/workflows/release.yml', RELEASE_WORKFLOW);
  add(
    'docs/ARCHITECTURE.md',
    `# Architecture of ${profile.name}\n\n${profile.description}.\n\nComponents: ${profile.components.join(', ')}.\n`,
  );
  for (const [path, content] of Object.entries(profile.files)) add(path, content);
  return tree;
}
