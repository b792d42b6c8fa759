import type { BlockContent, List, ListItem, PhrasingContent, RootContent, Table, TableRow } from 'mdast';
import { printMarkdown } from '../../../src/toolkit/markdown.js';
import type { BlockNode, RichText } from './types.js';

type Mark = 'strikethrough' | 'bold' | 'italic' | 'link';
/** Outermost first: how Markdown nests them (`~~**_[x](u)_**~~`). */
const MARKS: readonly Mark[] = ['strikethrough', 'bold', 'italic', 'link'];

const hrefOf = (item: RichText): string | undefined =>
  item.type === 'mention' ? undefined : (item.href ?? item.text?.link?.url ?? undefined);
const markOf = (item: RichText, mark: Mark): string | boolean | undefined =>
  mark === 'link' ? hrefOf(item) : item.annotations?.[mark] || undefined;

function leaf(item: RichText): PhrasingContent {
  const value = item.plain_text ?? item.text?.content ?? '';
  return item.annotations?.code ? { type: 'inlineCode', value } : { type: 'text', value };
}

function wrap(mark: Mark, key: string | boolean, children: PhrasingContent[]): PhrasingContent {
  if (mark === 'link') return { type: 'link', url: String(key), children };
  return { type: mark === 'bold' ? 'strong' : mark === 'italic' ? 'emphasis' : 'delete', children };
}

/**
 * Rich text as Markdown phrasing: neighbouring runs that share a style are wrapped once (Notion splits
 * `**bold [link](u)**` into two bold runs), code, links and strikethrough kept, mentions as `@Name`.
 */
export function phrasing(items: readonly RichText[] | undefined, marks: readonly Mark[] = MARKS): PhrasingContent[] {
  const runs = items ?? [];
  if (marks.length === 0) return runs.map(leaf);
  const [mark, ...inner] = marks;
  const out: PhrasingContent[] = [];
  for (let start = 0; start < runs.length;) {
    const key = markOf(runs[start], mark);
    let end = start + 1;
    while (end < runs.length && markOf(runs[end], mark) === key) end += 1;
    const children = phrasing(runs.slice(start, end), inner);
    if (key) out.push(wrap(mark, key, children));
    else out.push(...children);
    start = end;
  }
  return out;
}

const richOf = (block: BlockNode): RichText[] | undefined => block.content.rich_text as RichText[] | undefined;
const paragraph = (children: PhrasingContent[]): BlockContent => ({ type: 'paragraph', children });

function listItem(block: BlockNode, depth: number, checked: boolean | null): ListItem {
  const children: BlockContent[] = [paragraph(phrasing(richOf(block)))];
  children.push(...(toMdast(block.children, depth + 1) as BlockContent[]));
  return { type: 'listItem', spread: false, checked, children };
}

function table(block: BlockNode): Table {
  const rows = block.children.filter((row) => row.type === 'table_row');
  return {
    type: 'table',
    children: rows.map((row): TableRow => ({
      type: 'tableRow',
      children: ((row.content.cells as RichText[][] | undefined) ?? []).map((cell) => ({
        type: 'tableCell',
        children: phrasing(cell),
      })),
    })),
  };
}

/** One block that is not a list item, as Markdown; blocks Markdown has no form for become readable text. */
function single(block: BlockNode, depth: number): RootContent[] {
  const text = phrasing(richOf(block));
  switch (block.type) {
    case 'paragraph':
      return text.length ? [paragraph(text), ...toMdast(block.children, depth)] : toMdast(block.children, depth);
    case 'heading_1':
    case 'heading_2':
    case 'heading_3':
      return [{ type: 'heading', depth: Number(block.type.slice(-1)) as 1 | 2 | 3, children: text }];
    case 'code': {
      const language = block.content.language as string | undefined;
      return [
        {
          type: 'code',
          lang: language && language !== 'plain text' ? language : null,
          value: text.map((t) => ('value' in t ? t.value : '')).join(''),
        },
      ];
    }
    case 'quote':
      return [
        { type: 'blockquote', children: [paragraph(text), ...(toMdast(block.children, depth) as BlockContent[])] },
      ];
    case 'callout': {
      const emoji = (block.content.icon as { emoji?: string } | undefined)?.emoji;
      return [
        {
          type: 'blockquote',
          children: [
            paragraph([...(emoji ? [{ type: 'text', value: `${emoji} ` } as PhrasingContent] : []), ...text]),
            ...(toMdast(block.children, depth) as BlockContent[]),
          ],
        },
      ];
    }
    case 'divider':
      return [{ type: 'thematicBreak' }];
    case 'table':
      return [table(block)];
    case 'child_page':
      return [paragraph([{ type: 'text', value: `📄 ${String((block.content.title as string | undefined) ?? '')}` }])];
    case 'child_database':
      return [paragraph([{ type: 'text', value: `🗂 ${String((block.content.title as string | undefined) ?? '')}` }])];
    case 'bookmark':
    case 'embed':
    case 'link_preview': {
      const url = String(block.content.url ?? '');
      return [paragraph([{ type: 'link', url, children: [{ type: 'text', value: url }] }])];
    }
    case 'image': {
      const file = (block.content.external ?? block.content.file) as { url?: string } | undefined;
      return [
        paragraph([
          {
            type: 'image',
            url: file?.url ?? '',
            alt: phrasing(block.content.caption as RichText[])
              .map((t) => ('value' in t ? t.value : ''))
              .join(''),
          },
        ]),
      ];
    }
    default:
      return text.length ? [paragraph(text)] : [];
  }
}

const LIST_TYPES: Record<string, boolean> = {
  bulleted_list_item: false,
  to_do: false,
  toggle: false,
  numbered_list_item: true,
};

/** Sibling blocks as Markdown nodes: consecutive list items (bulleted, numbered, to-do, toggle) become one list. */
function toMdast(blocks: readonly BlockNode[], depth = 0): RootContent[] {
  const out: RootContent[] = [];
  let list: List | undefined;
  for (const block of blocks) {
    const ordered = LIST_TYPES[block.type];
    if (ordered === undefined) {
      list = undefined;
      out.push(...single(block, depth));
      continue;
    }
    if (!list || list.ordered !== ordered) {
      list = { type: 'list', ordered, spread: false, children: [] };
      out.push(list);
    }
    list.children.push(listItem(block, depth, block.type === 'to_do' ? Boolean(block.content.checked) : null));
  }
  return out;
}

/** A page's blocks as Markdown. */
export function blocksToMarkdown(blocks: readonly BlockNode[]): string {
  return printMarkdown({ type: 'root', children: toMdast(blocks) });
}
