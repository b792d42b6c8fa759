import type { Random } from '../../seed/random.js';
import type { AdfNode, JiraUser } from '../state.js';

/** Text of seeded tickets: summaries and Atlassian documents (descriptions, comments). */

const text = (value: string, marks?: AdfNode['marks']): AdfNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: AdfNode[]): AdfNode => ({ type: 'paragraph', content });
export const doc = (...content: AdfNode[]): AdfNode => ({ type: 'doc', version: 1, content });

const VERBS: Record<string, string[]> = {
  Story: ['Support', 'Add', 'Let users manage', 'Redesign', 'Improve'],
  Task: ['Refactor', 'Upgrade', 'Document', 'Clean up', 'Automate'],
  Bug: ['Fix crash in', 'Fix wrong totals in', 'Fix timeout in', 'Fix broken layout of', 'Fix flaky'],
  Epic: ['Revamp', 'Launch', 'Scale', 'Modernise'],
  Subtask: ['Write tests for', 'Wire up', 'Review copy of', 'Add metrics to'],
  Incident: ['Outage of', 'Degraded', 'Elevated errors in', 'Latency spike in'],
};

export function summaryOf(random: Random, type: string, topic: string): string {
  return `${random.pick(VERBS[type] ?? VERBS.Task)} ${topic}`;
}

export function descriptionOf(random: Random, type: string, topic: string): AdfNode {
  if (type === 'Bug' || type === 'Incident') {
    return doc(
      paragraph(text(`Steps to reproduce with the ${topic}:`)),
      {
        type: 'orderedList',
        attrs: { order: 1 },
        content: ['Open the page', `Use the ${topic}`, 'Observe the result'].map((s) => ({
          type: 'listItem',
          content: [paragraph(text(s))],
        })),
      },
      paragraph(
        text('Expected: ', [{ type: 'strong' }]),
        text('it works. '),
        text('Actual: ', [{ type: 'strong' }]),
        text(random.pick(['an error 500', 'a blank screen', 'wrong data'])),
      ),
    );
  }
  return doc(
    paragraph(text(`As a user I want the ${topic} to work better, so that I get things done faster.`)),
    paragraph(text('Acceptance criteria are in the linked design.')),
  );
}

const LINKS = ['https://status.example.com', 'https://docs.example.com/runbook', 'https://ci.example.com/build/42'];

/** A comment: paragraphs, and depending on the draw a list, code, a mention, a link or a table. */
export function commentOf(random: Random, topic: string, mention: JiraUser | undefined): AdfNode {
  const content: AdfNode[] = [
    paragraph(
      text(
        random.pick([
          `Looked into the ${topic}.`,
          `Progress on the ${topic}.`,
          `Question about the ${topic}.`,
          'Quick update.',
        ]),
      ),
    ),
  ];
  const roll = random.int(0, 5);
  if (roll === 0)
    content.push({
      type: 'bulletList',
      content: ['checked the logs', 'reproduced locally', 'fix is on a branch'].map((s) => ({
        type: 'listItem',
        content: [paragraph(text(s))],
      })),
    });
  if (roll === 1)
    content.push({
      type: 'codeBlock',
      attrs: { language: 'typescript' },
      content: [text(`const retries = 3; // ${topic}`)],
    });
  if (roll === 2 && mention)
    content.push(
      paragraph(
        text('Can you take a look, '),
        { type: 'mention', attrs: { id: mention.accountId, text: `@${mention.displayName}` } },
        text('?'),
      ),
    );
  if (roll === 3) {
    const href = random.pick(LINKS);
    content.push(paragraph(text('See '), text(href, [{ type: 'link', attrs: { href } }]), text(' for details.')));
  }
  if (roll === 4 && random.chance(0.5)) {
    const row = (cells: string[], header = false): AdfNode => ({
      type: 'tableRow',
      content: cells.map((c) => ({
        type: header ? 'tableHeader' : 'tableCell',
        attrs: {},
        content: [paragraph(text(c))],
      })),
    });
    content.push({
      type: 'table',
      attrs: { isNumberColumnEnabled: false, layout: 'default' },
      content: [
        row(['Env', 'Result'], true),
        row(['staging', 'ok']),
        row(['production', random.pick(['ok', 'failing'])]),
      ],
    });
  }
  if (roll === 5) content.push(paragraph(text('Plan: ', [{ type: 'em' }]), text('ship it in this sprint.')));
  return doc(...content);
}

/** The plain text of a document (for `text ~` searches). */
export function adfText(node: AdfNode | null | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'mention') return String(node.attrs?.text ?? '');
  return (node.content ?? []).map(adfText).join(node.type === 'doc' ? '\n' : ' ');
}
