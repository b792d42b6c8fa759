/**
 * ADF to mdast: a tree mapping. Blocks map one to one where Markdown has the same thing (paragraph,
 * heading, lists, task lists, code, quote, rule, table); Jira-only blocks keep their text (a panel
 * becomes a quote, an expand its title and body, media a placeholder). Inline content is mapped in
 * `to-mdast-inline.ts`.
 */
import type {
  BlockContent,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import { attr, inline, mergeText, str } from './to-mdast-inline.js';
import type { AdfNode } from './types.js';

export function adfToMdast(content: readonly AdfNode[]): Root {
  return { type: 'root', children: blocks(content) };
}

function blocks(nodes: readonly AdfNode[] | undefined): Array<RootContent & BlockContent> {
  const out: Array<RootContent & BlockContent> = [];
  let loose: AdfNode[] = [];
  const flushInline = () => {
    if (loose.length) out.push(paragraph(loose));
    loose = [];
  };
  for (const node of nodes ?? []) {
    if (isInline(node)) {
      // Inline nodes where a block belongs (seen in hand-written ADF): wrapped in a paragraph.
      loose.push(node);
      continue;
    }
    flushInline();
    out.push(...block(node));
  }
  flushInline();
  return out;
}

const INLINE = new Set([
  'text',
  'hardBreak',
  'mention',
  'emoji',
  'inlineCard',
  'date',
  'status',
  'placeholder',
  'inlineExtension',
  'mediaInline',
]);
const isInline = (node: AdfNode) => INLINE.has(node.type);

function block(node: AdfNode): Array<RootContent & BlockContent> {
  switch (node.type) {
    case 'paragraph':
      return [paragraph(node.content ?? [])];
    case 'heading': {
      const level = Number(attr(node, 'level'));
      const depth = (Number.isInteger(level) && level >= 1 && level <= 6 ? level : 1) as 1 | 2 | 3 | 4 | 5 | 6;
      return [{ type: 'heading', depth, children: inline(node.content) }];
    }
    case 'bulletList':
    case 'orderedList':
      return [list(node)];
    case 'taskList':
    case 'decisionList':
      return [taskList(node)];
    case 'codeBlock':
      return [
        {
          type: 'code',
          lang: str(attr(node, 'language')) || null,
          meta: null,
          value: (node.content ?? []).map((t) => t.text ?? '').join(''),
        },
      ];
    case 'blockquote':
    case 'panel':
      return [{ type: 'blockquote', children: blocks(node.content) }];
    case 'rule':
      return [{ type: 'thematicBreak' }];
    case 'table':
      return [table(node)];
    case 'expand':
    case 'nestedExpand': {
      const title = str(attr(node, 'title'));
      const heading: Paragraph[] = title
        ? [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: title }] }] }]
        : [];
      return [...heading, ...blocks(node.content)];
    }
    case 'mediaSingle':
    case 'mediaGroup':
      return [{ type: 'paragraph', children: (node.content ?? []).map(mediaText) }];
    case 'blockCard':
    case 'embedCard': {
      const url = str(attr(node, 'url'));
      return url
        ? [
            {
              type: 'paragraph',
              children: [{ type: 'link', url, title: null, children: [{ type: 'text', value: url }] }],
            },
          ]
        : [];
    }
    default:
      // Layouts, extensions and future block types: their content, so no text is lost.
      return blocks(node.content);
  }
}

function mediaText(media: AdfNode): PhrasingContent {
  const name = str(attr(media, 'alt')) ?? str(attr(media, 'id')) ?? 'file';
  return { type: 'text', value: `(attachment: ${name})` };
}

function paragraph(content: readonly AdfNode[]): Paragraph {
  return { type: 'paragraph', children: inline(content) };
}

function list(node: AdfNode): List {
  const ordered = node.type === 'orderedList';
  const order = Number(attr(node, 'order'));
  return {
    type: 'list',
    ordered,
    start: ordered ? (Number.isInteger(order) && order >= 0 ? order : 1) : null,
    spread: false,
    children: (node.content ?? []).map((item) => listItem(item, null)),
  };
}

function taskList(node: AdfNode): List {
  const items: ListItem[] = [];
  for (const item of node.content ?? []) {
    if (item.type !== 'taskItem' && item.type !== 'decisionItem') {
      // A nested list belongs to the item before it.
      const nested = block(item);
      const previous = items.at(-1);
      if (previous) previous.children.push(...nested);
      else items.push({ type: 'listItem', spread: false, checked: false, children: nested });
      continue;
    }
    const state = str(attr(item, 'state'));
    items.push(
      listItem(
        { type: 'listItem', content: [{ type: 'paragraph', content: item.content ?? [] }] },
        state === 'DONE' || state === 'DECIDED',
      ),
    );
  }
  return { type: 'list', ordered: false, start: null, spread: false, children: items };
}

function listItem(item: AdfNode, checked: boolean | null): ListItem {
  return {
    type: 'listItem',
    spread: false,
    checked,
    children: blocks(item.type === 'listItem' ? item.content : [item]),
  };
}

function table(node: AdfNode): Table {
  const rows: TableRow[] = (node.content ?? [])
    .filter((row) => row.type === 'tableRow')
    .map((row) => ({ type: 'tableRow', children: (row.content ?? []).map(tableCell) }));
  const width = Math.max(0, ...rows.map((r) => r.children.length));
  // Markdown tables are rectangular.
  for (const row of rows) while (row.children.length < width) row.children.push({ type: 'tableCell', children: [] });
  return { type: 'table', align: Array.from({ length: width }, () => null), children: rows };
}

function tableCell(cell: AdfNode): TableCell {
  // A cell holds paragraphs (sometimes lists) in ADF and one line of inline content in Markdown.
  const children: PhrasingContent[] = [];
  for (const part of cellInline(cell.content ?? [])) {
    if (children.length) children.push({ type: 'text', value: ' ' });
    children.push(...part);
  }
  return { type: 'tableCell', children: mergeText(children) };
}

/** The lines of a cell: each run of inline nodes (a paragraph's content) is one. */
function cellInline(content: readonly AdfNode[]): PhrasingContent[][] {
  const parts: PhrasingContent[][] = [];
  let run: AdfNode[] = [];
  const flush = () => {
    if (run.length) parts.push(inline(run));
    run = [];
  };
  for (const node of content) {
    if (isInline(node)) run.push(node);
    else {
      flush();
      parts.push(...cellInline(node.content ?? []));
    }
  }
  flush();
  return parts.filter((part) => part.length > 0);
}
