import type { BlockContent, Code, List, ListItem, PhrasingContent, Root, RootContent, Table } from 'mdast';
import { parseMarkdown } from '../../../src/toolkit/markdown.js';

const PANEL_OF: Record<string, string> = { 'info:': 'info', 'note:': 'note', 'warning:': 'warning', 'tip:': 'tip' };

const escapeText = (text: string): string =>
  /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
const escapeAttr = (text: string): string => escapeText(text).replace(/"/g, '&quot;');
/** CDATA cannot hold `]]>`: split it across two sections. */
const cdata = (text: string): string => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

function inline(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
          return escapeText(node.value);
        case 'strong':
          return `<strong>${inline(node.children)}</strong>`;
        case 'emphasis':
          return `<em>${inline(node.children)}</em>`;
        case 'delete':
          return `<s>${inline(node.children)}</s>`;
        case 'inlineCode':
          return `<code>${escapeText(node.value)}</code>`;
        case 'break':
          return '<br />';
        case 'link':
          return `<a href="${escapeAttr(node.url)}">${inline(node.children)}</a>`;
        case 'image':
          return `<ac:image ac:alt="${escapeAttr(node.alt ?? '')}"><ri:url ri:value="${escapeAttr(node.url)}" /></ac:image>`;
        case 'html':
          return escapeText(node.value);
        default:
          return 'children' in node ? inline(node.children) : 'value' in node ? escapeText(String(node.value)) : '';
      }
    })
    .join('');
}

const code = (node: Code): string =>
  `<ac:structured-macro ac:name="code">${node.lang ? `<ac:parameter ac:name="language">${escapeText(node.lang)}</ac:parameter>` : ''}<ac:plain-text-body>${cdata(node.value)}</ac:plain-text-body></ac:structured-macro>`;

function list(node: List): string {
  if (node.children.some((item) => typeof item.checked === 'boolean')) {
    const tasks = node.children.map(
      (item, i) =>
        `<ac:task><ac:task-id>${i + 1}</ac:task-id><ac:task-status>${item.checked ? 'complete' : 'incomplete'}</ac:task-status><ac:task-body>${itemBody(item)}</ac:task-body></ac:task>`,
    );
    return `<ac:task-list>${tasks.join('')}</ac:task-list>`;
  }
  const tag = node.ordered ? 'ol' : 'ul';
  const start = node.ordered && node.start && node.start !== 1 ? ` start="${node.start}"` : '';
  return `<${tag}${start}>${node.children.map((item) => `<li>${itemBody(item)}</li>`).join('')}</${tag}>`;
}

/** A list item's blocks; a lone paragraph is written inline, as Confluence's editor does. */
const itemBody = (item: ListItem): string =>
  item.children.map((child) => (child.type === 'paragraph' ? inline(child.children) : blockOf(child))).join('');

function table(node: Table): string {
  const rows = node.children.map(
    (row, r) =>
      `<tr>${row.children.map((cell) => (r === 0 ? `<th>${inline(cell.children)}</th>` : `<td>${inline(cell.children)}</td>`)).join('')}</tr>`,
  );
  return `<table><tbody>${rows.join('')}</tbody></table>`;
}

/** `> **Warning:** ...` is the Markdown form of a panel macro (the form storageToMarkdown writes). */
function panelOf(children: BlockContent[] | RootContent[]): { name: string; rest: RootContent[] } | undefined {
  const [first, ...rest] = children as RootContent[];
  if (first?.type !== 'paragraph' || first.children.length !== 1) return undefined;
  const strong = first.children[0];
  if (strong.type !== 'strong' || strong.children.length !== 1 || strong.children[0].type !== 'text') return undefined;
  const name = PANEL_OF[strong.children[0].value.toLowerCase()];
  return name ? { name, rest } : undefined;
}

function blockOf(node: RootContent): string {
  switch (node.type) {
    case 'heading':
      return `<h${node.depth}>${inline(node.children)}</h${node.depth}>`;
    case 'paragraph':
      return `<p>${inline(node.children)}</p>`;
    case 'list':
      return list(node);
    case 'code':
      return code(node);
    case 'blockquote': {
      const panel = panelOf(node.children);
      if (panel)
        return `<ac:structured-macro ac:name="${panel.name}"><ac:rich-text-body>${panel.rest.map(blockOf).join('')}</ac:rich-text-body></ac:structured-macro>`;
      return `<blockquote>${node.children.map(blockOf).join('')}</blockquote>`;
    }
    case 'thematicBreak':
      return '<hr />';
    case 'table':
      return table(node);
    case 'html':
      return `<p>${escapeText(node.value)}</p>`;
    default:
      return 'children' in node ? (node.children as RootContent[]).map(blockOf).join('') : '';
  }
}

/** An mdast tree as Confluence storage format. */
export function treeToStorage(tree: Root): string {
  return tree.children.map(blockOf).join('');
}

/** Markdown as Confluence storage format: the inverse of storageToMarkdown for what Markdown can say. */
export function markdownToStorage(markdown: string): string {
  return treeToStorage(parseMarkdown(markdown));
}
