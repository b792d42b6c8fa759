import type { WorkspaceSeed } from '../../fake-upstream.js';
import type { GithubState, UserRecord } from '../state.js';
import { ACME_REPOS, GLOBEX_REPOS, type RepoProfile } from './catalog.js';
import { BOTS, DAY, sec } from './context.js';
import { seedRepo } from './repo.js';
import { deliveryTickets, ticketsOfRepo } from './tickets.js';
import type { JiraState } from '../../jira/state.js';

/** The organisation repositories seeded per workspace. */
export const REPO_PROFILES: Record<string, RepoProfile[]> = { acme: ACME_REPOS, globex: GLOBEX_REPOS };

/** Builds a workspace's GitHub, deterministic from the seed. */
export function seedGithub(workspace: WorkspaceSeed): GithubState {
  const { identity, people, now, random, scale } = workspace;
  const base = identity.idBase;
  const users: UserRecord[] = people.map((person) => ({
    login: person.login,
    id: person.githubId,
    type: 'User',
    name: person.name,
    email: person.email,
    company: `@${identity.org}`,
    location: person.location,
    bio: `${capitalize(person.role)} at ${identity.orgName}`,
    createdAt: sec(now - (900 + person.index * 37) * DAY),
    updatedAt: sec(now - (person.index % 9) * DAY),
    personIndex: person.index,
  }));
  const bot = (login: string, offset: number, type: UserRecord['type']): UserRecord => ({
    login,
    id: base + offset,
    type,
    name: null,
    email: null,
    company: null,
    location: null,
    bio: null,
    createdAt: sec(now - 3000 * DAY),
    updatedAt: sec(now - 100 * DAY),
  });
  users.push(bot(BOTS.dependabot, 97, 'Bot'), bot(BOTS.actions, 98, 'Bot'), bot(BOTS.webFlow, 99, 'User'));
  const state: GithubState = {
    workspace: identity,
    org: {
      login: identity.org,
      id: base + 1,
      type: 'Organization',
      name: identity.orgName,
      email: `engineering@${identity.domain}`,
      company: null,
      location: null,
      bio: null,
      createdAt: sec(now - 2500 * DAY),
      updatedAt: sec(now - 30 * DAY),
    },
    users,
    viewer: people[0].login,
    repos: [],
    now,
    nextId: base * 1000 + 1,
  };
  const tickets = deliveryTickets(workspace.peer?.<JiraState>('/jira'), people);
  const profiles = REPO_PROFILES[identity.id] ?? ACME_REPOS.slice(0, 2);
  for (const profile of profiles) {
    state.repos.push(
      seedRepo({
        state,
        profile,
        owner: identity.org,
        ownerType: 'Organization',
        random: random.fork(profile.name),
        people,
        now,
        scale,
        tickets: ticketsOfRepo(tickets, profile.name),
      }),
    );
  }
  return state;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
