import type { WorkspaceSeed } from '../fake-upstream.js';
import { idMaker, notionUserId, text } from './rich-text.js';
import { topicsOf } from './topics.js';
import { bullet, handbook, heading, option, para, todo, type BlockSpec } from './seed-blocks.js';
import type {
  BlockRecord,
  DataSourceRecord,
  NotionState,
  PageParent,
  PropertySchema,
  PropertyType,
  PropertyValue,
} from './state.js';

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

/** Builds a workspace's Notion: users, a handbook page, Projects, Engineering Tasks and Meeting Notes. */
export function seedNotion(workspace: WorkspaceSeed): NotionState {
  const { identity, people, random, now, scale } = workspace;
  const nextId = idMaker(`notion:${identity.id}`);
  const bot = { id: nextId(), type: 'bot' as const, name: 'Constellation' };
  const users = people.map((p) => ({
    id: notionUserId(p.email),
    type: 'person' as const,
    name: p.name,
    email: p.email,
  }));
  const state: NotionState = {
    workspace: identity,
    bot,
    users,
    databases: new Map(),
    dataSources: new Map(),
    pages: new Map(),
    blocks: new Map(),
    children: new Map(),
    comments: [],
    nextId,
    now,
  };
  const time = (daysAgo: number) => iso(now - daysAgo * DAY);
  const topics = topicsOf(identity.org);
  const keys = [...new Set([...topics.products.map((p) => p.key), topics.opsKey])];

  const addBlocks = (parentId: string, specs: BlockSpec[], daysAgo: number): void => {
    const ids: string[] = [];
    for (const spec of specs) {
      const id = nextId();
      const block: BlockRecord = {
        id,
        type: spec.type,
        content: spec.content,
        parentId,
        createdTime: time(daysAgo),
        lastEditedTime: time(daysAgo),
        createdBy: users[0].id,
        inTrash: false,
      };
      state.blocks.set(id, block);
      ids.push(id);
      if (spec.children?.length) addBlocks(id, spec.children, daysAgo);
    }
    state.children.set(parentId, [...(state.children.get(parentId) ?? []), ...ids]);
  };
  const addPage = (
    parent: PageParent,
    properties: Record<string, PropertyValue>,
    daysAgo: number,
    author: string,
    blocks: BlockSpec[] = [],
  ): string => {
    const id = nextId();
    state.pages.set(id, {
      id,
      parent,
      properties,
      createdTime: time(daysAgo),
      lastEditedTime: time(Math.max(0, daysAgo - random.int(0, 5))),
      createdBy: author,
      lastEditedBy: author,
      inTrash: false,
    });
    if (blocks.length) addBlocks(id, blocks, daysAgo);
    return id;
  };
  const titleValue = (title: string): PropertyValue => ({ type: 'title', title: [text(title)] });

  const handbookId = addPage(
    { type: 'workspace', workspace: true },
    { title: titleValue('Engineering handbook') },
    120,
    users[0].id,
    handbook(identity.org, people, topics),
  );

  const addDatabase = (
    title: string,
    description: string,
    schema: Array<[string, PropertyType, Partial<PropertySchema>?]>,
  ): DataSourceRecord => {
    const databaseId = nextId();
    const dataSourceId = nextId();
    const properties: Record<string, PropertySchema> = {};
    for (const [index, [name, type, extra]] of schema.entries())
      properties[name] = {
        id: type === 'title' ? 'title' : `p${index}${name.slice(0, 2).toLowerCase()}`,
        name,
        type,
        ...extra,
      };
    const source: DataSourceRecord = {
      id: dataSourceId,
      databaseId,
      title,
      properties,
      createdTime: time(150),
      lastEditedTime: time(2),
    };
    state.databases.set(databaseId, {
      id: databaseId,
      title,
      description,
      dataSourceIds: [dataSourceId],
      parentPageId: handbookId,
      createdTime: time(150),
      lastEditedTime: time(2),
    });
    state.dataSources.set(dataSourceId, source);
    return source;
  };
  const inSource = (source: DataSourceRecord): PageParent => ({
    type: 'data_source_id',
    data_source_id: source.id,
    database_id: source.databaseId,
  });
  const select = (source: DataSourceRecord, property: string, name: string): PropertyValue => ({
    type: 'select',
    select: source.properties[property].options?.find((o) => o.name === name) ?? null,
  });

  const projects = addDatabase('Projects', 'Every project of the engineering team, with its lead and repository.', [
    ['Name', 'title'],
    ['Lead', 'people'],
    [
      'Status',
      'select',
      { options: ['Planning', 'Active', 'Done'].map((n, i) => option(n, i, ['gray', 'blue', 'green'][i])) },
    ],
    ['Repository', 'url'],
    ['Start', 'date'],
  ]);
  const projectIds = topics.products.map(({ project, repo, key }, i) =>
    addPage(
      inSource(projects),
      {
        Name: titleValue(project),
        Lead: { type: 'people', people: [{ object: 'user', id: users[i % users.length].id }] },
        Status: select(projects, 'Status', ['Active', 'Active', 'Planning'][i]),
        Repository: { type: 'url', url: `https://github.com/${identity.org}/${repo}` },
        Start: { type: 'date', date: { start: time(140 - i * 30).slice(0, 10), end: null, time_zone: null } },
      },
      140 - i * 30,
      users[i % users.length].id,
      [para(`Code lives in ${identity.org}/${repo}. Tracking epic ${key}-1.`)],
    ),
  );

  const tagNames = ['backend', 'frontend', 'infra', 'bug', 'docs'];
  const tasks = addDatabase(
    'Engineering Tasks',
    'The team’s task board: status, owner, estimate and due date of every task.',
    [
      ['Name', 'title'],
      [
        'Status',
        'select',
        { options: ['Not started', 'In progress', 'Done'].map((n, i) => option(n, i, ['red', 'yellow', 'green'][i])) },
      ],
      ['Tags', 'multi_select', { options: tagNames.map((n, i) => option(n, i, 'default')) }],
      ['Owner', 'people'],
      ['Due', 'date'],
      ['Estimate', 'number'],
      ['Done', 'checkbox'],
      ['Project', 'relation', { relatedDataSourceId: projects.id }],
      ['Notes', 'rich_text'],
    ],
  );
  const verbs = ['Fix', 'Add', 'Refactor', 'Document', 'Speed up', 'Migrate'];
  const things = [
    'login flow',
    'billing export',
    'search index',
    'rate limiter',
    'CI cache',
    'release notes',
    'onboarding emails',
    'audit log',
  ];
  const taskCount = Math.max(12, Math.round(40 * scale));
  for (let i = 0; i < taskCount; i++) {
    const status = random.pick(['Not started', 'In progress', 'Done']);
    const owner = random.pick(users);
    const daysAgo = random.int(1, 90);
    const tags = random
      .sample(tagNames, random.int(1, 2))
      .map((name) => tasks.properties.Tags.options?.find((o) => o.name === name));
    addPage(
      inSource(tasks),
      {
        Name: titleValue(`${random.pick(verbs)} ${random.pick(things)}`),
        Status: select(tasks, 'Status', status),
        Tags: { type: 'multi_select', multi_select: tags },
        Owner: { type: 'people', people: [{ object: 'user', id: owner.id }] },
        Due: {
          type: 'date',
          date: random.chance(0.8) ? { start: time(daysAgo - 14).slice(0, 10), end: null, time_zone: null } : null,
        },
        Estimate: { type: 'number', number: random.pick([1, 2, 3, 5, 8]) },
        Done: { type: 'checkbox', checkbox: status === 'Done' },
        Project: { type: 'relation', relation: [{ id: random.pick(projectIds) }] },
        Notes: {
          type: 'rich_text',
          rich_text: random.chance(0.3) ? [text(`Follow-up of ${random.pick(keys)}-${random.int(1, 40)}`)] : [],
        },
      },
      daysAgo,
      owner.id,
      i % 5 === 0
        ? [
            heading(2, 'Context'),
            para('Spotted during review of ', text(`${identity.org}/${topics.products[0].repo}`, { code: true }), '.'),
            bullet('Reproduce'),
            bullet('Fix and add a test'),
          ]
        : [],
    );
  }

  const meetings = addDatabase('Meeting Notes', 'Notes of team meetings: date, attendees and decisions.', [
    ['Name', 'title'],
    ['Date', 'date'],
    ['Attendees', 'people'],
  ]);
  for (let week = 0; week < 6; week++) {
    const attendees = random.sample(users, Math.min(3, users.length));
    addPage(
      inSource(meetings),
      {
        Name: titleValue(`Weekly sync ${week + 1}`),
        Date: { type: 'date', date: { start: time(week * 7 + 1).slice(0, 10), end: null, time_zone: null } },
        Attendees: { type: 'people', people: attendees.map((u) => ({ object: 'user', id: u.id })) },
      },
      week * 7 + 1,
      attendees[0].id,
      [
        heading(2, 'Decisions'),
        bullet(`Ship ${keys[week % keys.length]}-${10 + week} this week`),
        heading(2, 'Actions'),
        todo(`Review ${identity.org}/web pull requests`, week > 2),
      ],
    );
  }
  const discuss = (pageId: string, daysAgo: number, lines: Array<[author: NotionUserRef, words: string]>): void => {
    const discussionId = nextId();
    lines.forEach(([author, words], i) =>
      state.comments.push({
        id: nextId(),
        parentId: pageId,
        discussionId,
        richText: [text(words)],
        createdTime: time(daysAgo - i),
        createdBy: author.id,
      }),
    );
  };
  const [first, second = users[0]] = users;
  discuss(handbookId, 30, [
    [second, `Should the release checklist mention ${topics.opsKey} runbooks?`],
    [first, 'Yes, adding a line this week.'],
  ]);
  projectIds.forEach((id, i) =>
    discuss(id, 20 - i, [[users[(i + 1) % users.length], `Kick-off notes are in the Meeting Notes database.`]]),
  );
  return state;
}

type NotionUserRef = { id: string };
