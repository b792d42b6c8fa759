/** Blocks of the seeded Notion workspace: the builders and the engineering handbook's content. */
import type { Person } from '../seed/people.js';
import { mention, notionUserId, text } from './rich-text.js';
import type { WorkspaceTopics } from './topics.js';
import type { RichTextItem, SelectOption } from './state.js';

/** A block to seed: its type, its type-specific object and its children. */
export interface BlockSpec {
  type: string;
  content: Record<string, unknown>;
  children?: BlockSpec[];
}

const rich = (...items: Array<RichTextItem | string>): RichTextItem[] =>
  items.map((item) => (typeof item === 'string' ? text(item) : item));
export const para = (...items: Array<RichTextItem | string>): BlockSpec => ({
  type: 'paragraph',
  content: { rich_text: rich(...items), color: 'default' },
});
export const heading = (level: 1 | 2 | 3, title: string): BlockSpec => ({
  type: `heading_${level}`,
  content: { rich_text: rich(title), is_toggleable: false, color: 'default' },
});
export const bullet = (title: string, children?: BlockSpec[]): BlockSpec => ({
  type: 'bulleted_list_item',
  content: { rich_text: rich(title), color: 'default' },
  children,
});
const numbered = (title: string): BlockSpec => ({
  type: 'numbered_list_item',
  content: { rich_text: rich(title), color: 'default' },
});
export const todo = (title: string, checked: boolean): BlockSpec => ({
  type: 'to_do',
  content: { rich_text: rich(title), checked, color: 'default' },
});
const code = (language: string, source: string): BlockSpec => ({
  type: 'code',
  content: { rich_text: rich(source), language, caption: [] },
});
const table = (rows: string[][]): BlockSpec => ({
  type: 'table',
  content: { table_width: rows[0].length, has_column_header: true, has_row_header: false },
  children: rows.map((cells) => ({ type: 'table_row', content: { cells: cells.map((cell) => rich(cell)) } })),
});

/** The handbook page: every block type the notes tools convert, nested, with mentions of tickets and repositories. */
export function handbook(org: string, people: Person[], topics: WorkspaceTopics): BlockSpec[] {
  const lead = people[1] ?? people[0];
  const [first, second] = topics.products;
  return [
    heading(1, 'Engineering handbook'),
    para(
      'How we build and ship at ',
      text(org, { bold: true }),
      '. Owned by ',
      mention(notionUserId(lead.email), lead.name),
      '.',
    ),
    heading(2, 'Services'),
    bullet(`${org}/${first.repo}: ${first.summary}`, [
      bullet('Deploys from main after review'),
      bullet(`On-call rotation in #ops, pages filed in ${topics.opsKey}`),
    ]),
    bullet(`${org}/${second.repo}: ${second.summary}`),
    heading(2, 'Release checklist'),
    todo('Changelog written', true),
    todo(`Feature flags cleaned up (${first.key}-12)`, false),
    numbered('Cut the release branch'),
    numbered('Run the smoke tests'),
    {
      type: 'callout',
      content: {
        rich_text: rich('Never deploy on Fridays without a rollback plan.'),
        icon: { type: 'emoji', emoji: '💡' },
        color: 'yellow_background',
      },
    },
    heading(3, 'Local setup'),
    code('bash', 'npm install\nnpm test'),
    { type: 'quote', content: { rich_text: rich('Make it work, make it right, make it fast.'), color: 'default' } },
    { type: 'divider', content: {} },
    table([
      ['Service', 'Owner', 'Tier'],
      [first.repo, lead.name, '1'],
      [second.repo, people[0].name, '2'],
    ]),
    {
      type: 'toggle',
      content: { rich_text: rich('Incident history'), color: 'default' },
      children: [
        para('See ', text('the runbook', { link: 'https://example.test/runbook' }), ` and ${topics.opsKey}-3.`),
      ],
    },
  ];
}

export const option = (name: string, index: number, color: string): SelectOption => ({
  id: `opt-${index}-${name.toLowerCase().replace(/\W+/g, '-')}`,
  name,
  color,
});
