import type { List, PhrasingContent, RootContent } from 'mdast';
import { parseMarkdown } from '../../../src/toolkit/markdown.js';
import { richText } from './rich-text.js';
import type { BlockNode } from './types.js';

/** Notion's code languages that Markdown fences commonly name differently. */
const LANGUAGE_ALIASES: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  sh: 'shell',
  bash: 'bash',
  py: 'python',
  yml: 'yaml',
  md: 'markdown',
  rb: 'ruby',
  '': 'plain text',
};

const block = (type: string, content: Record<string, unknown>, children: BlockNode[] = []): BlockNode => ({
  type,
  content,
  children,
});
const withText = (
  type: string,
  nodes: readonly PhrasingContent[],
  extra: Record<string, unknown> = {},
  children: BlockNode[] = [],
) => block(type, { rich_text: richText(nodes), color: 'default', ...extra }, children);

function listBlocks(list: List): BlockNode[] {
  return list.children.map((item) => {
    const [first, ...rest] = item.children;
    const text = first?.type === 'paragraph' ? first.children : [];
    const children = toBlocks(first?.type === 'paragraph' ? rest : item.children);
    if (typeof item.checked === 'boolean') return withText('to_do', text, { checked: item.checked }, children);
    return withText(list.ordered ? 'numbered_list_item' : 'bulleted_list_item', text, {}, children);
  });
}

/** Markdown nodes as Notion blocks (headings deeper than 3 become heading_3). */
export function toBlocks(nodes: readonly RootContent[]): BlockNode[] {
  const out: BlockNode[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push(withText('paragraph', node.children));
        break;
      case 'heading':
        out.push(withText(`heading_${Math.min(3, node.depth)}`, node.children, { is_toggleable: false }));
        break;
      case 'list':
        out.push(...listBlocks(node));
        break;
      case 'code': {
        const lang = (node.lang ?? '').toLowerCase();
        out.push(
          block('code', {
            rich_text: richText([{ type: 'text', value: node.value }]),
            language: LANGUAGE_ALIASES[lang] ?? lang,
            caption: [],
          }),
        );
        break;
      }
      case 'blockquote': {
        const [first, ...rest] = node.children;
        out.push(
          withText(
            'quote',
            first?.type === 'paragraph' ? first.children : [],
            {},
            toBlocks(first?.type === 'paragraph' ? rest : node.children),
          ),
        );
        break;
      }
      case 'thematicBreak':
        out.push(block('divider', {}));
        break;
      case 'table': {
        const width = Math.max(...node.children.map((row) => row.children.length));
        const rows = node.children.map((row) =>
          block('table_row', {
            cells: Array.from({ length: width }, (_, i) => richText(row.children[i]?.children ?? [])),
          }),
        );
        out.push(block('table', { table_width: width, has_column_header: true, has_row_header: false }, rows));
        break;
      }
      case 'html':
        out.push(withText('paragraph', [{ type: 'text', value: node.value }]));
        break;
      default:
        break;
    }
  }
  return out;
}

/** Markdown as Notion blocks. */
export const markdownToBlocks = (markdown: string): BlockNode[] => toBlocks(parseMarkdown(markdown).children);

/** A block as Notion's append request spells it (children inside the type's object), to `depth` levels. */
export function requestBlock(node: BlockNode, depth: number): Record<string, unknown> {
  const children =
    depth > 1 && node.children.length ? { children: node.children.map((child) => requestBlock(child, depth - 1)) } : {};
  return { object: 'block', type: node.type, [node.type]: { ...node.content, ...children } };
}
