import { Random } from './random.js';

/** One person of a sandbox workspace: the same human across every fake upstream. */
export interface Person {
  /** Stable index within the workspace. */
  index: number;
  name: string;
  first: string;
  last: string;
  email: string;
  /** code_host login. */
  login: string;
  /** Numeric code_host id. */
  githubId: number;
  /** ticketing / wiki account id (Atlassian style). */
  accountId: string;
  /** chat user id (Slack style). */
  slackId: string;
  company: string;
  location: string;
  role: 'engineer' | 'lead' | 'manager' | 'designer';
}

const FIRST = [
  'Ada',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Alan',
  'Radia',
  'Edsger',
  'Katherine',
  'Donald',
  'Hedy',
  'John',
  'Sophie',
  'Tim',
  'Annie',
  'Guido',
  'Lynn',
  'Bjarne',
  'Shafi',
  'Yukihiro',
  'Karen',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Turing',
  'Perlman',
  'Dijkstra',
  'Johnson',
  'Knuth',
  'Lamarr',
  'Backus',
  'Wilson',
  'Berners',
  'Easley',
  'Rossum',
  'Conway',
  'Stroustrup',
  'Goldwasser',
  'Matsumoto',
  'Jones',
];
const LOCATIONS = ['Berlin', 'Lisbon', 'Toronto', 'Austin', 'Nairobi', 'Singapore', 'Remote'];

export interface WorkspaceIdentity {
  /** `acme` or `globex`. */
  id: string;
  /** Display name of the organisation. */
  orgName: string;
  /** code_host organisation login. */
  org: string;
  domain: string;
  /** Numeric offset so ids of the two workspaces never collide. */
  idBase: number;
}

export const WORKSPACES: readonly WorkspaceIdentity[] = [
  { id: 'acme', orgName: 'Acme Corporation', org: 'acme', domain: 'acme.test', idBase: 1_000_000 },
  { id: 'globex', orgName: 'Globex Industries', org: 'globex', domain: 'globex.test', idBase: 2_000_000 },
];

/** The people of one workspace; `scale` multiplies the head count (benchmarks use large scales). */
export function generatePeople(workspace: WorkspaceIdentity, random: Random, scale = 1): Person[] {
  const count = Math.max(4, Math.round(8 * scale));
  const people: Person[] = [];
  const used = new Set<string>();
  for (let index = 0; people.length < count; index++) {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    let login = `${first}${last[0]}`.toLowerCase();
    if (used.has(login)) login = `${login}${index}`;
    used.add(login);
    people.push({
      index: people.length,
      name: `${first} ${last}`,
      first,
      last,
      email: `${login}@${workspace.domain}`,
      login: `${login}-${workspace.id}`,
      githubId: workspace.idBase + 100 + people.length,
      accountId: `5f${workspace.idBase.toString(16)}${random.hex(16)}`,
      slackId: `U${workspace.id === 'acme' ? 'A' : 'G'}${random.hex(9).toUpperCase()}`,
      company: workspace.orgName,
      location: random.pick(LOCATIONS),
      role: people.length === 0 ? 'manager' : people.length < 3 ? 'lead' : random.chance(0.1) ? 'designer' : 'engineer',
    });
  }
  return people;
}
