/**
 * ADF inline content to mdast phrasing: ADF carries flat marks on each text node, mdast nests them. Marks
 * are nested in one canonical order (link, strong, emphasis, strike; code innermost), so a Markdown
 * document comes back as it went in. Mentions become `@Display Name` text.
 */
import type { PhrasingContent } from 'mdast';
import type { AdfMark, AdfNode } from './types.js';

/** Marks in nesting order, outermost first. */
const MARK_ORDER = ['link', 'strong', 'em', 'strike'] as const;
type NestingMark = (typeof MARK_ORDER)[number];

interface Leaf {
  marks: AdfMark[];
  node: PhrasingContent;
}

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const attr = (node: AdfNode | AdfMark, name: string): unknown => node.attrs?.[name];

export function inline(content: readonly AdfNode[] | undefined): PhrasingContent[] {
  return nest((content ?? []).flatMap(leaf), 0);
}

function leaf(node: AdfNode): Leaf[] {
  const marks = (node.marks ?? []).filter(
    (m) => m.type === 'code' || (MARK_ORDER as readonly string[]).includes(m.type),
  );
  const nesting = marks
    .filter((m) => m.type !== 'code')
    .sort((a, b) => MARK_ORDER.indexOf(a.type as NestingMark) - MARK_ORDER.indexOf(b.type as NestingMark));
  switch (node.type) {
    case 'text': {
      const text = node.text ?? '';
      if (!text) return [];
      // Code in Markdown cannot carry emphasis: a code mark keeps only its link.
      if (marks.some((m) => m.type === 'code'))
        return [{ marks: nesting.filter((m) => m.type === 'link'), node: { type: 'inlineCode', value: text } }];
      return [{ marks: nesting, node: { type: 'text', value: text } }];
    }
    case 'hardBreak':
      return [{ marks: [], node: { type: 'break' } }];
    case 'mention': {
      const text = str(attr(node, 'text')) || str(attr(node, 'id')) || 'someone';
      return [{ marks: nesting, node: { type: 'text', value: text.startsWith('@') ? text : `@${text}` } }];
    }
    case 'emoji':
      return [
        {
          marks: nesting,
          node: { type: 'text', value: str(attr(node, 'text')) || str(attr(node, 'shortName')) || '' },
        },
      ];
    case 'inlineCard': {
      const url = str(attr(node, 'url'));
      return url
        ? [{ marks: [], node: { type: 'link', url, title: null, children: [{ type: 'text', value: url }] } }]
        : [];
    }
    case 'date': {
      const timestamp = Number(attr(node, 'timestamp'));
      return Number.isFinite(timestamp)
        ? [{ marks: nesting, node: { type: 'text', value: new Date(timestamp).toISOString().slice(0, 10) } }]
        : [];
    }
    case 'status':
      return [
        {
          marks: nesting.filter((m) => m.type === 'link'),
          node: { type: 'inlineCode', value: str(attr(node, 'text')) || 'status' },
        },
      ];
    default:
      return node.text
        ? [{ marks: nesting, node: { type: 'text', value: node.text } }]
        : (node.content ?? []).flatMap(leaf);
  }
}

const sameMark = (a: AdfMark | undefined, b: AdfMark): boolean =>
  !!a &&
  a.type === b.type &&
  (a.type !== 'link' || (attr(a, 'href') === attr(b, 'href') && attr(a, 'title') === attr(b, 'title')));

/** Groups runs of leaves that share their mark at `level` into one mdast node, recursively. */
function nest(leaves: readonly Leaf[], level: number): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (let i = 0; i < leaves.length;) {
    const mark = leaves[i].marks[level];
    if (!mark) {
      out.push(leaves[i++].node);
      continue;
    }
    let j = i + 1;
    while (j < leaves.length && sameMark(leaves[j].marks[level], mark)) j++;
    out.push(...outsideSpaces(wrap(mark, nest(leaves.slice(i, j), level + 1))));
    i = j;
  }
  return mergeText(out);
}

function wrap(mark: AdfMark, children: PhrasingContent[]): PhrasingContent {
  switch (mark.type) {
    case 'link':
      return { type: 'link', url: str(attr(mark, 'href')) ?? '', title: str(attr(mark, 'title')) ?? null, children };
    case 'strong':
      return { type: 'strong', children };
    case 'em':
      return { type: 'emphasis', children };
    default:
      return { type: 'delete', children };
  }
}

/**
 * Spaces at the edges of emphasis move outside it: Markdown cannot close `**bold **` (Jira writes
 * such runs), and the printer would escape the space as `&#x20;`.
 */
function outsideSpaces(node: PhrasingContent): PhrasingContent[] {
  if (node.type === 'link' || !('children' in node)) return [node];
  const children = node.children;
  const first = children[0];
  const last = children.at(-1);
  const lead = first?.type === 'text' ? (/^\s+/.exec(first.value)?.[0] ?? '') : '';
  const trail = last?.type === 'text' ? (/\s+$/.exec(last.value)?.[0] ?? '') : '';
  if (!lead && !trail) return [node];
  if (first?.type === 'text') first.value = first.value.slice(lead.length);
  if (last?.type === 'text' && trail) last.value = last.value.slice(0, last.value.length - trail.length);
  const kept = children.filter((c) => c.type !== 'text' || c.value !== '');
  const out: PhrasingContent[] = [];
  if (lead) out.push({ type: 'text', value: lead });
  if (kept.length) out.push({ ...node, children: kept });
  if (trail) out.push({ type: 'text', value: trail });
  return out;
}

export function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else out.push(node.type === 'text' ? { ...node } : node);
  }
  return out;
}
