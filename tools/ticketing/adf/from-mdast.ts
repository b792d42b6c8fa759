/**
 * mdast to ADF: the inverse of to-mdast.ts. Nested emphasis becomes flat marks on text nodes; task
 * lists become ADF task lists; the first table row becomes header cells. What ADF cannot hold
 * (images from a URL, raw HTML) is kept as text, linked where there is a URL. `@Display Name` of a
 * known person becomes a real mention when the caller passes the people to recognise.
 */
import type { Definition, List, PhrasingContent, Root, RootContent, Table } from 'mdast';
import type { AdfDoc, AdfMark, AdfNode } from './types.js';

export interface MentionTarget {
  accountId: string;
  displayName: string;
}

export interface FromMdastOptions {
  /** People whose `@Display Name` in text becomes a mention node. */
  people?: readonly MentionTarget[];
}

interface Context {
  definitions: Map<string, Definition>;
  people: readonly MentionTarget[];
  nextId: number;
}

const DEFINITION_CONTAINERS = new Set<string>(['blockquote', 'list', 'listItem', 'footnoteDefinition']);

export function mdastToAdf(tree: Root, options: FromMdastOptions = {}): AdfDoc {
  const definitions = new Map<string, Definition>();
  // Definitions are blocks: they sit at the top, in quotes, list items and footnotes, never in phrasing.
  const collect = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'definition') definitions.set(node.identifier.toLowerCase(), node);
      else if (DEFINITION_CONTAINERS.has(node.type) && 'children' in node) collect(node.children);
    }
  };
  collect(tree.children);
  // Longest names first, so "@Ada Lovelace" wins over a person called "Ada".
  const people = [...(options.people ?? [])]
    .filter((p) => p.displayName)
    .sort((a, b) => b.displayName.length - a.displayName.length);
  const ctx: Context = { definitions, people, nextId: 1 };
  return { type: 'doc', version: 1, content: blocks(tree.children, ctx) };
}

function blocks(nodes: readonly RootContent[], ctx: Context): AdfNode[] {
  return nodes.flatMap((node) => block(node, ctx));
}

function block(node: RootContent, ctx: Context): AdfNode[] {
  switch (node.type) {
    case 'paragraph':
      return [{ type: 'paragraph', content: inline(node.children, [], ctx) }];
    case 'heading':
      return [{ type: 'heading', attrs: { level: node.depth }, content: inline(node.children, [], ctx) }];
    case 'list':
      return [list(node, ctx)];
    case 'code':
      return [
        {
          type: 'codeBlock',
          ...(node.lang ? { attrs: { language: node.lang } } : {}),
          ...(node.value ? { content: [{ type: 'text', text: node.value }] } : {}),
        },
      ];
    case 'blockquote':
      return [{ type: 'blockquote', content: blocks(node.children, ctx) }];
    case 'thematicBreak':
      return [{ type: 'rule' }];
    case 'table':
      return [table(node, ctx)];
    case 'html':
      return [{ type: 'paragraph', content: node.value ? [{ type: 'text', text: node.value }] : [] }];
    case 'footnoteDefinition':
      return blocks(node.children, ctx);
    default:
      // definitions (used by references), front matter: nothing to show.
      return [];
  }
}

function list(node: List, ctx: Context): AdfNode {
  if (node.children.length > 0 && node.children.every((item) => typeof item.checked === 'boolean'))
    return taskList(node, ctx);
  const items: AdfNode[] = node.children.map((item) => {
    const content = blocks(item.children, ctx);
    // An ADF list item starts with a paragraph.
    return { type: 'listItem', content: content.length ? content : [{ type: 'paragraph', content: [] }] };
  });
  if (!node.ordered) return { type: 'bulletList', content: items };
  return {
    type: 'orderedList',
    ...(typeof node.start === 'number' && node.start !== 1 ? { attrs: { order: node.start } } : {}),
    content: items,
  };
}

/**
 * An ADF task list holds task items and task lists only: a list nested in a task item follows it as
 * a nested task list.
 */
function taskList(node: List, ctx: Context): AdfNode {
  return {
    type: 'taskList',
    attrs: { localId: `task-list-${ctx.nextId++}` },
    content: node.children.flatMap((item) => {
      const [first, ...rest] = item.children;
      const text = first?.type === 'paragraph' ? inline(first.children, [], ctx) : [];
      const nested = (first?.type === 'paragraph' ? rest : item.children)
        .filter((c): c is List => c.type === 'list')
        .map((l) => taskList(l, ctx));
      return [
        {
          type: 'taskItem',
          attrs: { localId: `task-${ctx.nextId++}`, state: item.checked ? 'DONE' : 'TODO' },
          content: text,
        },
        ...nested,
      ];
    }),
  };
}

function table(node: Table, ctx: Context): AdfNode {
  return {
    type: 'table',
    attrs: { isNumberColumnEnabled: false, layout: 'default' },
    content: node.children.map((row, index) => ({
      type: 'tableRow',
      content: row.children.map((cell) => ({
        type: index === 0 ? 'tableHeader' : 'tableCell',
        attrs: {},
        content: [{ type: 'paragraph', content: inline(cell.children, [], ctx) }],
      })),
    })),
  };
}

// ---- inline -----------------------------------------------------------------------------------

function inline(nodes: readonly PhrasingContent[], marks: AdfMark[], ctx: Context): AdfNode[] {
  const out: AdfNode[] = [];
  for (const node of nodes) {
    for (const adf of phrasing(node, marks, ctx)) {
      const last = out.at(-1);
      if (adf.type === 'text' && last?.type === 'text' && sameMarks(last.marks, adf.marks))
        last.text = (last.text ?? '') + (adf.text ?? '');
      else out.push(adf);
    }
  }
  return out;
}

function phrasing(node: PhrasingContent, marks: AdfMark[], ctx: Context): AdfNode[] {
  switch (node.type) {
    case 'text':
      return textWithMentions(node.value, marks, ctx);
    case 'strong':
      return inline(node.children, [...marks, { type: 'strong' }], ctx);
    case 'emphasis':
      return inline(node.children, [...marks, { type: 'em' }], ctx);
    case 'delete':
      return inline(node.children, [...marks, { type: 'strike' }], ctx);
    case 'inlineCode':
      // ADF allows code only together with a link.
      return node.value ? [text(node.value, [...marks.filter((m) => m.type === 'link'), { type: 'code' }])] : [];
    case 'break':
      return [{ type: 'hardBreak' }];
    case 'link':
      return inline(node.children, [...marks, linkMark(node.url, node.title)], ctx);
    case 'linkReference': {
      const definition = ctx.definitions.get(node.identifier.toLowerCase());
      return definition
        ? inline(node.children, [...marks, linkMark(definition.url, definition.title)], ctx)
        : inline(node.children, marks, ctx);
    }
    case 'image':
      return [text(node.alt || node.url, [...marks, linkMark(node.url, node.title)])];
    case 'imageReference': {
      const definition = ctx.definitions.get(node.identifier.toLowerCase());
      const label = node.alt || node.identifier;
      return [text(label, definition ? [...marks, linkMark(definition.url, definition.title)] : marks)];
    }
    case 'html':
      return node.value ? [text(node.value, marks)] : [];
    case 'footnoteReference':
      return [text(`[^${node.identifier}]`, marks)];
    default:
      return [];
  }
}

function linkMark(href: string, title: string | null | undefined): AdfMark {
  return { type: 'link', attrs: { href, ...(title ? { title } : {}) } };
}

function text(value: string, marks: AdfMark[]): AdfNode {
  return marks.length ? { type: 'text', text: value, marks } : { type: 'text', text: value };
}

/** Plain text, with `@Display Name` of each known person as a mention node. */
function textWithMentions(value: string, marks: AdfMark[], ctx: Context): AdfNode[] {
  if (!value) return [];
  if (ctx.people.length === 0 || !value.includes('@')) return [text(value, marks)];
  const out: AdfNode[] = [];
  let rest = value;
  for (let at = rest.indexOf('@'); at !== -1; at = rest.indexOf('@', at + 1)) {
    const before = at === 0 ? '' : rest[at - 1];
    if (before && /[\p{L}\p{N}_.]/u.test(before)) continue; // an email address, not a mention
    const person = ctx.people.find(
      (p) =>
        rest.startsWith(p.displayName, at + 1) && !/[\p{L}\p{N}_]/u.test(rest[at + 1 + p.displayName.length] ?? ''),
    );
    if (!person) continue;
    if (at > 0) out.push(text(rest.slice(0, at), marks));
    out.push({ type: 'mention', attrs: { id: person.accountId, text: `@${person.displayName}` } });
    rest = rest.slice(at + 1 + person.displayName.length);
    at = -1;
  }
  if (rest) out.push(text(rest, marks));
  return out;
}

/** Marks that serialise alike; sibling text nodes built under one parent share one marks array. */
function sameMarks(a: AdfMark[] = [], b: AdfMark[] = []): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((mark, i) => mark === b[i] || JSON.stringify(mark) === JSON.stringify(b[i]));
}
