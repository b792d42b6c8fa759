import type { BlockContent, ListItem, PhrasingContent, Root, TableCell, TableRow } from 'mdast';
import { parseDocument } from 'htmlparser2';
import { isCDATA, isTag, isText, Text, type AnyNode, type Element } from 'domhandler';
import { printMarkdown } from '../../../src/toolkit/markdown.js';

const PANELS: Record<string, string> = { info: 'Info', note: 'Note', warning: 'Warning', tip: 'Tip', panel: 'Panel' };
const INLINE = new Set([
  'a',
  'strong',
  'b',
  'em',
  'i',
  'code',
  's',
  'del',
  'u',
  'span',
  'br',
  'sub',
  'sup',
  'ac:link',
  'ac:image',
  'ac:emoticon',
  'time',
  'ri:user',
]);

const isElement = (node: AnyNode): node is Element => isTag(node);
const childElements = (el: Element, name: string): Element[] =>
  el.children.filter((c): c is Element => isElement(c) && c.name === name);
const firstChild = (el: Element, name: string): Element | undefined => childElements(el, name)[0];
const parameter = (macro: Element, name: string): string | undefined => {
  const param = childElements(macro, 'ac:parameter').find((p) => p.attribs['ac:name'] === name);
  return param ? textOf(param) : undefined;
};
function textOf(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (isCDATA(node) || isTag(node)) return node.children.map(textOf).join('');
  return '';
}
const isInlineNode = (node: AnyNode): boolean =>
  isText(node) ||
  (isElement(node) &&
    (INLINE.has(node.name) || (node.name === 'ac:structured-macro' && node.attribs['ac:name'] === 'status')));

function phrasing(nodes: AnyNode[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (isText(node)) {
      const value = node.data.replace(/\s+/g, ' ');
      if (value) out.push({ type: 'text', value });
      continue;
    }
    if (!isElement(node)) continue;
    const inner = (): PhrasingContent[] => phrasing(node.children);
    switch (node.name) {
      case 'strong':
      case 'b':
        out.push({ type: 'strong', children: inner() });
        break;
      case 'em':
      case 'i':
        out.push({ type: 'emphasis', children: inner() });
        break;
      case 's':
      case 'del':
        out.push({ type: 'delete', children: inner() });
        break;
      case 'code':
        out.push({ type: 'inlineCode', value: textOf(node) });
        break;
      case 'br':
        out.push({ type: 'break' });
        break;
      case 'a':
        out.push({ type: 'link', url: node.attribs.href ?? '', children: inner() });
        break;
      case 'ac:link': {
        const user = firstChild(node, 'ri:user');
        const page = firstChild(node, 'ri:page');
        const label = firstChild(node, 'ac:plain-text-link-body') ?? firstChild(node, 'ac:link-body');
        if (user)
          out.push({
            type: 'text',
            value: `@${user.attribs['ri:account-id'] ?? user.attribs['ri:userkey'] ?? 'user'}`,
          });
        else if (page)
          out.push({
            type: 'link',
            url: `confluence-page:${page.attribs['ri:content-title'] ?? ''}`,
            children: [{ type: 'text', value: label ? textOf(label) : (page.attribs['ri:content-title'] ?? '') }],
          });
        else out.push({ type: 'text', value: label ? textOf(label) : textOf(node) });
        break;
      }
      case 'ac:image': {
        const url =
          firstChild(node, 'ri:url')?.attribs['ri:value'] ??
          firstChild(node, 'ri:attachment')?.attribs['ri:filename'] ??
          '';
        out.push({ type: 'image', url, alt: node.attribs['ac:alt'] ?? '' });
        break;
      }
      case 'time':
        out.push({ type: 'text', value: node.attribs.datetime ?? textOf(node) });
        break;
      case 'ac:structured-macro':
        // A status lozenge reads as its title in brackets: [IN PROGRESS].
        if (node.attribs['ac:name'] === 'status')
          out.push({ type: 'text', value: `[${parameter(node, 'title') ?? ''}]` });
        break;
      default:
        out.push(...inner());
    }
  }
  return out;
}

/** Children of a container as blocks: runs of inline content become paragraphs. */
function blocks(nodes: AnyNode[]): BlockContent[] {
  const out: BlockContent[] = [];
  let run: AnyNode[] = [];
  const flush = (): void => {
    const children = trimPhrasing(phrasing(run));
    if (children.length) out.push({ type: 'paragraph', children });
    run = [];
  };
  for (const node of nodes) {
    if (isInlineNode(node)) {
      run.push(node);
      continue;
    }
    flush();
    if (isElement(node)) out.push(...block(node));
  }
  flush();
  return out;
}

function trimPhrasing(children: PhrasingContent[]): PhrasingContent[] {
  const first = children[0];
  if (first?.type === 'text') first.value = first.value.trimStart();
  const last = children[children.length - 1];
  if (last?.type === 'text') last.value = last.value.trimEnd();
  return children.filter((c) => c.type !== 'text' || c.value !== '');
}

function listItems(el: Element, checked?: (item: Element) => boolean): ListItem[] {
  return el.children.filter(isElement).map((li): ListItem => ({
    type: 'listItem',
    spread: false,
    checked: checked ? checked(li) : null,
    children: blocks(li.children),
  }));
}

function tableOf(el: Element): BlockContent[] {
  const rows: Element[] = [];
  const collect = (node: Element): void =>
    node.children
      .filter(isElement)
      .forEach((c) =>
        c.name === 'tr' ? rows.push(c) : ['thead', 'tbody', 'tfoot'].includes(c.name) ? collect(c) : undefined,
      );
  collect(el);
  if (!rows.length) return [];
  const width = Math.max(...rows.map((r) => r.children.filter(isElement).length));
  const tableRows = rows.map((tr): TableRow => {
    const cells = tr.children.filter(isElement).map((cell): TableCell => ({
      type: 'tableCell',
      children: trimPhrasing(phrasing(flattenBlocks(cell.children))),
    }));
    while (cells.length < width) cells.push({ type: 'tableCell', children: [] });
    return { type: 'tableRow', children: cells };
  });
  return [{ type: 'table', align: [], children: tableRows }];
}

/** A table cell's paragraphs and lists, read as one line of text (Markdown cells hold inline content). */
function flattenBlocks(nodes: AnyNode[]): AnyNode[] {
  return nodes.flatMap((n) => (isElement(n) && !isInlineNode(n) ? [...flattenBlocks(n.children), new Text(' ')] : [n]));
}

function block(el: Element): BlockContent[] {
  const heading = /^h([1-6])$/.exec(el.name);
  if (heading)
    return [
      {
        type: 'heading',
        depth: Number(heading[1]) as 1 | 2 | 3 | 4 | 5 | 6,
        children: trimPhrasing(phrasing(el.children)),
      },
    ];
  switch (el.name) {
    case 'p': {
      const children = trimPhrasing(phrasing(el.children));
      return children.length ? [{ type: 'paragraph', children }] : [];
    }
    case 'ul':
    case 'ol':
      return [
        {
          type: 'list',
          ordered: el.name === 'ol',
          start: el.name === 'ol' ? Number(el.attribs.start ?? 1) : null,
          spread: false,
          children: listItems(el),
        },
      ];
    case 'ac:task-list':
      return [
        {
          type: 'list',
          ordered: false,
          spread: false,
          children: childElements(el, 'ac:task').map((task): ListItem => ({
            type: 'listItem',
            spread: false,
            checked: textOf(firstChild(task, 'ac:task-status') ?? task).trim() === 'complete',
            children: blocks(firstChild(task, 'ac:task-body')?.children ?? []),
          })),
        },
      ];
    case 'pre':
      return [{ type: 'code', lang: null, value: textOf(el) }];
    case 'blockquote':
      return [{ type: 'blockquote', children: blocks(el.children) }];
    case 'hr':
      return [{ type: 'thematicBreak' }];
    case 'table':
      return tableOf(el);
    case 'ac:structured-macro': {
      const name = el.attribs['ac:name'] ?? '';
      if (name === 'code' || name === 'noformat')
        return [
          {
            type: 'code',
            lang: parameter(el, 'language') ?? null,
            value: textOf(firstChild(el, 'ac:plain-text-body') ?? el).replace(/\n$/, ''),
          },
        ];
      const body = firstChild(el, 'ac:rich-text-body');
      if (PANELS[name]) {
        const title = parameter(el, 'title');
        const label: BlockContent = {
          type: 'paragraph',
          children: [
            { type: 'strong', children: [{ type: 'text', value: `${PANELS[name]}:` }] },
            ...(title ? [{ type: 'text' as const, value: ` ${title}` }] : []),
          ],
        };
        return [{ type: 'blockquote', children: [label, ...blocks(body?.children ?? [])] }];
      }
      return body ? blocks(body.children) : [];
    }
    default:
      return blocks(el.children);
  }
}

/** Confluence storage format (XHTML with `ac:`/`ri:` elements) as an mdast tree. */
function storageToTree(storage: string): Root {
  const document = parseDocument(storage, {
    recognizeCDATA: true,
    recognizeSelfClosing: true,
    lowerCaseTags: false,
    lowerCaseAttributeNames: false,
  });
  return { type: 'root', children: blocks(document.children) };
}

/**
 * A storage-format body as Markdown: headings, paragraphs with bold, italic, strike, code and links,
 * nested and task lists, code macros as fenced code with their language, tables, info/note/warning/tip
 * panels as quotes that start with **Info:**, status macros as [TITLE], user mentions as @account-id.
 */
export function storageToMarkdown(storage: string): string {
  return printMarkdown(storageToTree(storage));
}
