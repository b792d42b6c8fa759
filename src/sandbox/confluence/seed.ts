import type { WorkspaceSeed } from '../fake-upstream.js';
import type { Person } from '../seed/people.js';
import type { ConfluenceState, ConfluenceUser, PageRecord, SpaceRecord } from './state.js';
import { labelNamed } from './state.js';

const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString();

/** What each workspace writes about: its spaces, Jira keys and repositories (those of the Jira and GitHub seeds). */
const TOPICS = {
  acme: {
    spaces: [
      ['ENG', 'Engineering'],
      ['PROD', 'Product'],
    ],
    tickets: ['API-12', 'WEB-3', 'MOB-7', 'OPS-2'],
    repos: ['acme/api', 'acme/web'],
  },
  globex: {
    spaces: [
      ['PLAT', 'Platform'],
      ['FIN', 'Finance systems'],
    ],
    tickets: ['PLAT-4', 'BILL-7', 'PLAT-9', 'BILL-2'],
    repos: ['globex/platform', 'globex/billing'],
  },
} as const;

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mention = (person: Person): string => `<ac:link><ri:user ri:account-id="${person.accountId}" /></ac:link>`;
const codeMacro = (language: string, source: string): string =>
  `<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">${language}</ac:parameter><ac:plain-text-body><![CDATA[${source}]]></ac:plain-text-body></ac:structured-macro>`;
const panel = (name: 'info' | 'warning' | 'note' | 'tip', body: string): string =>
  `<ac:structured-macro ac:name="${name}"><ac:rich-text-body><p>${esc(body)}</p></ac:rich-text-body></ac:structured-macro>`;
const status = (title: string, colour: string): string =>
  `<ac:structured-macro ac:name="status"><ac:parameter ac:name="colour">${colour}</ac:parameter><ac:parameter ac:name="title">${title}</ac:parameter></ac:structured-macro>`;
const table = (rows: string[][]): string =>
  `<table><tbody>${rows.map((cells, r) => `<tr>${cells.map((c) => (r === 0 ? `<th><p>${esc(c)}</p></th>` : `<td><p>${esc(c)}</p></td>`)).join('')}</tr>`).join('')}</tbody></table>`;

interface PageSpec {
  title: string;
  body: string;
  labels: string[];
  children?: PageSpec[];
}

function pagesOf(
  topics: (typeof TOPICS)[keyof typeof TOPICS],
  people: Person[],
  spaceName: string,
  index: number,
): PageSpec {
  const [t1, t2, t3, t4] = topics.tickets;
  const [repo1, repo2] = topics.repos;
  const lead = people[1] ?? people[0];
  const other = people[2] ?? people[0];
  const runbook: PageSpec = {
    title: index === 0 ? 'Deployment runbook' : 'Release process',
    labels: ['runbook', 'ops'],
    body: [
      `<h1>${index === 0 ? 'Deployment runbook' : 'Release process'}</h1>`,
      `<p>Owner: ${mention(lead)}. Status: ${status('IN PROGRESS', 'Yellow')}</p>`,
      panel('warning', `Never deploy on Fridays without a rollback plan (see ${t1}).`),
      '<h2>Steps</h2>',
      `<ol><li><p>Merge to main in <a href="https://github.com/${repo1}">${repo1}</a></p></li><li><p>Run the smoke tests</p></li><li><p>Watch the dashboards</p></li></ol>`,
      codeMacro('bash', 'npm ci\nnpm run deploy -- --env production'),
      table([
        ['Service', 'Owner', 'Tier'],
        [repo1, lead.name, '1'],
        [repo2, other.name, '2'],
      ]),
    ].join(''),
  };
  const adr: PageSpec = {
    title: `ADR-00${index + 1}: Use "feature flags" for risky changes`,
    labels: ['adr', 'architecture'],
    body: [
      '<h2>Context</h2>',
      `<p>Rollouts of ${repo2} broke twice (${t2}, ${t4}). We want <strong>gradual</strong> releases and <em>fast</em> rollback.</p>`,
      panel('info', 'Decided in the architecture review; questions to the platform team.'),
      '<h2>Decision</h2>',
      `<ul><li><p>Every risky change ships behind a flag</p><ul><li><p>Flags expire after 30 days</p></li></ul></li><li><p>Owner: ${mention(other)}</p></li></ul>`,
      codeMacro('typescript', "if (flags.enabled('new-checkout')) {\n  return renderNewCheckout();\n}"),
      `<p>Status: ${status('DONE', 'Green')}</p>`,
    ].join(''),
  };
  const notes: PageSpec = {
    title: index === 0 ? 'Café retro – Zürich offsite notes' : 'Q3 planning notes',
    labels: ['meeting-notes'],
    body: [
      `<p>Attendees: ${people.slice(0, 3).map(mention).join(', ')}</p>`,
      `<p>Follow-ups: ${t3} and the AND/OR search bug. Naïve retries caused the outage.</p>`,
      panel('note', 'Next retro in two weeks.'),
    ].join(''),
  };
  return {
    title: `${spaceName} home`,
    labels: [],
    body: `<p>Welcome to ${esc(spaceName)}. Start with the runbook; code lives in <a href="https://github.com/${repo1}">${repo1}</a>.</p>`,
    children: [runbook, adr, notes],
  };
}

/**
 * Per workspace: the API token's bot, every person as a user, two spaces each with a home page and a
 * tree of pages (runbook, ADR, meeting notes) with several versions by different authors, comments,
 * attachments and labels. Bodies are realistic storage format: code macros with a language, tables,
 * info/warning/note panels, status macros, user mentions by account id, links to repositories and Jira keys.
 */
export function seedConfluence(seed: WorkspaceSeed): ConfluenceState {
  const { identity, people, random, now } = seed;
  const topics = TOPICS[identity.id as keyof typeof TOPICS] ?? TOPICS.acme;
  let counter = identity.idBase * 10;
  const users: ConfluenceUser[] = people.map((p) => ({ accountId: p.accountId, email: p.email, displayName: p.name }));
  const bot: ConfluenceUser = {
    accountId: `557058:${identity.id}-bot-${random.hex(8)}`,
    email: `bot@${identity.domain}`,
    displayName: `${identity.orgName} automation`,
  };
  const state: ConfluenceState = {
    bot,
    users,
    spaces: new Map(),
    pages: new Map(),
    comments: [],
    attachments: [],
    labels: new Map(),
    nextId: () => String(++counter),
  };
  const start = now - 30 * 24 * HOUR;
  const copies = Math.max(1, Math.round(seed.scale));
  topics.spaces.forEach(([key, name], index) => {
    const space: SpaceRecord = {
      id: state.nextId(),
      key,
      name,
      type: 'global',
      status: 'current',
      description: `${name} documentation of ${identity.orgName}`,
      homepageId: null,
      authorId: people[0].accountId,
      createdAt: iso(start),
    };
    state.spaces.set(space.id, space);
    const add = (spec: PageSpec, parentId: string | null, at: number, depth: number): PageRecord => {
      const author = people[(depth + spec.title.length) % people.length];
      const page: PageRecord = {
        id: state.nextId(),
        spaceId: space.id,
        parentId,
        status: 'current',
        authorId: author.accountId,
        createdAt: iso(at),
        versions: [],
        labels: [],
      };
      const edits = 1 + (spec.title.length % 3);
      for (let n = 1; n <= edits; n++) {
        const editor = n === 1 ? author : people[(n + depth + index) % people.length];
        const body = n === edits ? spec.body : `${spec.body}<p>Draft ${n}.</p>`;
        page.versions.push({
          number: n,
          title: spec.title,
          body,
          authorId: editor.accountId,
          createdAt: iso(at + n * HOUR),
          message: n === 1 ? '' : `Edit ${n}`,
        });
      }
      page.labels = spec.labels.map((l) => labelNamed(state, l).name);
      state.pages.set(page.id, page);
      const commenter = people[(depth + 1) % people.length];
      if (depth > 0) {
        state.comments.push({
          id: state.nextId(),
          pageId: page.id,
          body: `<p>Looks good; tracked in ${topics.tickets[depth % topics.tickets.length]}.</p>`,
          authorId: commenter.accountId,
          createdAt: iso(at + 5 * HOUR),
        });
        state.attachments.push({
          id: `att${state.nextId()}`,
          pageId: page.id,
          title: `${spec.title.split(':')[0].replace(/\W+/g, '-').toLowerCase()}.png`,
          mediaType: 'image/png',
          fileSize: 1024 * (10 + depth * 7),
          authorId: commenter.accountId,
          createdAt: iso(at + 6 * HOUR),
          version: 1,
        });
      }
      (spec.children ?? []).forEach((child, i) => add(child, page.id, at + (i + 1) * 24 * HOUR, depth + 1));
      return page;
    };
    const home = add(pagesOf(topics, people, name, index), null, start, 0);
    space.homepageId = home.id;
    for (let copy = 1; copy < copies; copy++)
      add(
        { ...pagesOf(topics, people, `${name} ${copy}`, index), title: `${name} archive ${copy}` },
        home.id,
        start + copy * HOUR,
        1,
      );
  });
  return state;
}
