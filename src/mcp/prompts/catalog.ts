import type { Caller } from '../../toolkit/context.js';

/** What a prompt argument's values are completed from (see completions.ts). */
export type CompletionKind = 'repository' | 'project' | 'space' | 'person';

/** A prompt argument: hosts send every value as a string, which `check` validates (a message when bad). */
export interface PromptArgumentSpec {
  name: string;
  description: string;
  required?: boolean;
  completes?: CompletionKind;
  check?: (value: string) => string | undefined;
}

/** The values a prompt was given, after validation, and who asks (the caller's own data). */
export interface PromptInput {
  args: Readonly<Record<string, string | undefined>>;
  caller: Caller;
  now: Date;
}

/** One tool call a step asks for: its qualified name and the arguments it is called with. */
export interface ToolCall {
  tool: string;
  args: (input: PromptInput) => Record<string, unknown>;
}

/**
 * What a prompt gathers: the first of `calls` the session can call (alternatives over systems, e.g.
 * two calendars). A required step the session cannot take withholds the prompt; an optional one is left out.
 */
export interface PromptStep {
  purpose: string;
  calls: ToolCall[];
  optional?: boolean;
}

export interface PromptSpec {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgumentSpec[];
  /** The opening of the message: what the model is asked to produce. */
  ask: (input: PromptInput) => string;
  steps: (input: PromptInput) => PromptStep[];
  /** How to present what the steps gathered. */
  finish: string;
}

const REPOSITORY = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;
const PROJECT_KEY = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const TICKET_KEY = /^[A-Za-z][A-Za-z0-9_]{0,49}-\d{1,9}$/;
const EMAIL = /^[^\s@"\\]+@[^\s@"\\]+\.[^\s@"\\]+$/;

const matching =
  (pattern: RegExp, what: string) =>
  (value: string): string | undefined =>
    pattern.test(value) ? undefined : `must be ${what}, got "${value}"`;

const days = (max: number) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= max
    ? undefined
    : `must be a whole number of days from 1 to ${max}, got "${value}"`;

const daysOf = (input: PromptInput, fallback: number): number => Number(input.args.days ?? fallback);
const only = <T extends Record<string, unknown>>(args: T): Partial<T> =>
  Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined)) as Partial<T>;

const REPOSITORY_ARG: PromptArgumentSpec = {
  name: 'repository',
  description: 'Repository as owner/name, e.g. acme/api (every repository when omitted)',
  completes: 'repository',
  check: matching(REPOSITORY, 'a repository as owner/name'),
};
const PROJECT_ARG: PromptArgumentSpec = {
  name: 'project',
  description: 'Ticket project key, e.g. API (every project when omitted)',
  completes: 'project',
  check: matching(PROJECT_KEY, 'a project key such as API'),
};

function dayBounds(now: Date): { time_min: string; time_max: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(start.getTime() + 24 * 3600 * 1000);
  return { time_min: start.toISOString(), time_max: end.toISOString() };
}

const myDay: PromptSpec = {
  name: 'my_day',
  title: 'My day',
  description:
    'Plan the day: today’s meetings, tickets assigned to you, pull requests waiting for your review and chat messages that mention you. Needs ticketing and code_host; the calendar and chat are used when connected.',
  arguments: [REPOSITORY_ARG],
  ask: ({ caller }) =>
    `Plan my day (I am ${caller.userDisplayName ?? caller.userEmail ?? 'the connected user'}${caller.userEmail ? `, ${caller.userEmail}` : ''}).`,
  steps: (input) => [
    {
      purpose: 'Today’s meetings',
      optional: true,
      calls: [{ tool: 'suite_list_all_events', args: () => dayBounds(input.now) }],
    },
    {
      purpose: 'Tickets assigned to me and what I resolved lately',
      calls: [{ tool: 'ticketing_get_my_ticketing_work', args: () => ({ days: 1 }) }],
    },
    {
      purpose: 'Pull requests waiting for my review, and my own open ones',
      calls: [{ tool: 'code_host_get_my_code_host_work', args: () => ({ days: 1 }) }],
    },
    ...(input.args.repository
      ? [
          {
            purpose: `Stale pull requests of ${input.args.repository}`,
            calls: [{ tool: 'code_host_get_stale_prs', args: () => ({ repo_id: input.args.repository }) }],
          },
        ]
      : []),
    {
      purpose: 'Chat messages that mention me',
      optional: true,
      calls: [
        {
          tool: 'chat_search_messages',
          args: () => ({ query: `@${(input.caller.userEmail ?? '').split('@')[0]}`, max_results: 20 }),
        },
      ],
    },
  ],
  finish:
    'Then write a short plan for today: meetings in time order, the reviews and tickets to take first (blocked or overdue first), and the mentions that need an answer.',
};

const weeklyReport: PromptSpec = {
  name: 'weekly_engineering_report',
  title: 'Weekly engineering report',
  description:
    'An engineering report over a window (7 days by default): DORA metrics, pull request flow and ticket throughput. Needs code_host and ticketing.',
  arguments: [
    REPOSITORY_ARG,
    PROJECT_ARG,
    { name: 'days', description: 'Window in days, 1 to 90 (default 7)', check: days(90) },
  ],
  ask: (input) =>
    `Write the engineering report of the last ${daysOf(input, 7)} days${input.args.repository ? ` for ${input.args.repository}` : ''}${input.args.project ? ` and project ${input.args.project}` : ''}.`,
  steps: (input) => {
    const window = { time_period_days: daysOf(input, 7) };
    const repos = only({ repo_ids: input.args.repository, ...window });
    const project = only({ project_key: input.args.project, ...window });
    return [
      { purpose: 'DORA metrics', calls: [{ tool: 'code_host_get_dora_metrics', args: () => repos }] },
      { purpose: 'Pull request flow', calls: [{ tool: 'code_host_get_pr_merge_time_metrics', args: () => repos }] },
      { purpose: 'Ticket throughput', calls: [{ tool: 'ticketing_get_throughput_metrics', args: () => project }] },
      {
        purpose: 'The current sprint',
        optional: true,
        calls: [
          {
            tool: 'ticketing_get_sprint_metrics',
            args: () => only({ project_key: input.args.project, current_only: true }),
          },
        ],
      },
    ];
  },
  finish:
    'Then write the report: a three-line summary, the four DORA figures with their trend, where pull requests wait longest, ticket throughput, and two or three concrete suggestions. Quote figures as the tools give them.',
};

const oneOnOne: PromptSpec = {
  name: 'prepare_one_on_one',
  title: 'Prepare a 1:1',
  description:
    'Prepare a 1:1 with a colleague: both people’s recent tickets, pull requests, reviews and pages. Needs ticketing and code_host; the wiki is used when connected.',
  arguments: [
    {
      name: 'person',
      description: 'The colleague’s email address',
      required: true,
      completes: 'person',
      check: matching(EMAIL, 'an email address'),
    },
    { name: 'days', description: 'How far back, 1 to 90 days (default 14)', check: days(90) },
  ],
  ask: (input) =>
    `Prepare my 1:1 with ${input.args.person ?? ''}, covering the last ${daysOf(input, 14)} days of both our work.`,
  steps: (input) => {
    const window = { days: daysOf(input, 14) };
    const person = input.args.person ?? '';
    return [
      {
        purpose: 'Their tickets',
        calls: [{ tool: 'ticketing_get_my_ticketing_work', args: () => ({ user_id: person, ...window }) }],
      },
      { purpose: 'My tickets', calls: [{ tool: 'ticketing_get_my_ticketing_work', args: () => window }] },
      {
        purpose: 'Their code host login (for the next call)',
        calls: [{ tool: 'code_host_get_user_by_email', args: () => ({ email: person }) }],
      },
      {
        purpose: 'Their pull requests and reviews (username: the login found above)',
        calls: [{ tool: 'code_host_get_my_code_host_work', args: () => ({ username: '<login>', ...window }) }],
      },
      {
        purpose: 'My pull requests and reviews',
        calls: [{ tool: 'code_host_get_my_code_host_work', args: () => window }],
      },
      {
        purpose: 'Their recent pages',
        optional: true,
        calls: [{ tool: 'wiki_get_my_wiki_work', args: () => ({ user_identifier: person }) }],
      },
    ];
  },
  finish:
    'Then write the 1:1 notes: what each of us shipped, what is stuck or waiting on the other, reviews owed either way, and three questions to ask.',
};

const handover: PromptSpec = {
  name: 'ticket_handover',
  title: 'Hand over a ticket',
  description:
    'A handover note for an open ticket: the ticket, its comments, and the pull requests, pages and threads linked to it through the knowledge graph. Needs ticketing and the knowledge graph; the wiki is searched when connected.',
  arguments: [
    {
      name: 'ticket',
      description: 'Ticket key, e.g. API-12',
      required: true,
      check: matching(TICKET_KEY, 'a ticket key such as API-12'),
    },
    {
      name: 'space',
      description: 'Wiki space key to search for pages about the ticket (every space when omitted)',
      completes: 'space',
      check: matching(PROJECT_KEY, 'a space key such as ENG'),
    },
  ],
  ask: (input) => `Write a handover note for ticket ${input.args.ticket ?? ''}.`,
  steps: (input) => {
    const ticket = input.args.ticket ?? '';
    return [
      { purpose: 'The ticket', calls: [{ tool: 'ticketing_get_ticket', args: () => ({ issue_key: ticket }) }] },
      {
        purpose: 'Its comments',
        calls: [{ tool: 'ticketing_get_ticket_comments', args: () => ({ issue_key: ticket }) }],
      },
      {
        purpose: 'Pull requests, pages, threads and people linked to it',
        calls: [
          {
            tool: 'graph_traverse',
            args: () => ({ entity_type: 'issue', entity_id: ticket, depth: 2, max_nodes: 100 }),
          },
        ],
      },
      {
        purpose: 'Pages that mention it',
        optional: true,
        calls: [{ tool: 'wiki_search', args: () => only({ query: ticket, space_key: input.args.space }) }],
      },
    ];
  },
  finish:
    'Then write the handover: the goal, the state now, the open pull requests and their review state, decisions made (with links to the pages and threads), open questions, and the next three steps.',
};

/** The prompts the server offers, each to the sessions that can take its required steps. */
export const PROMPTS: readonly PromptSpec[] = [myDay, weeklyReport, oneOnOne, handover];
