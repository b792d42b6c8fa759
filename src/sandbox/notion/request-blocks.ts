import { invalid } from '../kit/index.js';
import { mention, text } from './rich-text.js';
import type { BlockRecord, NotionState, RichTextItem } from './state.js';

/** Notion's limits on one append: 100 children per array, two levels of nesting, 1000 blocks in all. */
const MAX_CHILDREN = 100;
const MAX_NESTING = 2;
const MAX_BLOCKS = 1000;
const MAX_TEXT = 2000;

/** A block of a request, checked and ready to store. */
interface CheckedBlock {
  type: string;
  content: Record<string, unknown>;
  children: CheckedBlock[];
}

/** Rich text as a client sends it (text runs and user mentions), checked at `path`, in its stored form. */
export function requestRichText(state: NotionState, items: unknown, path: string): RichTextItem[] {
  if (!Array.isArray(items)) throw invalid(`${path} should be an array, instead was \`${JSON.stringify(items)}\`.`);
  if (items.length > MAX_CHILDREN)
    throw invalid(`${path}.length should be ≤ ${MAX_CHILDREN}, instead was ${items.length}.`);
  return items.map((raw: unknown, i) => {
    const item = (raw ?? {}) as {
      text?: { content?: unknown; link?: { url?: string } | null };
      mention?: { user?: { id?: unknown } };
      annotations?: Record<string, boolean>;
    };
    if (item.mention) {
      const id = item.mention.user?.id;
      const user = state.users.find((u) => u.id === id);
      if (!user)
        throw invalid(
          `${path}[${i}].mention should mention a user of the workspace, instead was \`${JSON.stringify(item.mention)}\`.`,
        );
      return {
        ...mention(user.id, user.name),
        annotations: { ...mention(user.id, user.name).annotations, ...item.annotations },
      };
    }
    const content = item.text?.content;
    if (typeof content !== 'string')
      throw invalid(`${path}[${i}].text.content should be a string, instead was \`${JSON.stringify(content)}\`.`);
    if (content.length > MAX_TEXT)
      throw invalid(`${path}[${i}].text.content.length should be ≤ ${MAX_TEXT}, instead was ${content.length}.`);
    return text(content, { ...item.annotations, link: item.text?.link?.url });
  });
}

/** A block's fields with their rich text (`rich_text`, `caption`, a row's `cells`) in stored form. */
function checkedFields(state: NotionState, fields: Record<string, unknown>, path: string): Record<string, unknown> {
  const out = { ...fields };
  for (const key of ['rich_text', 'caption'] as const)
    if (key in out) out[key] = requestRichText(state, out[key], `${path}.${key}`);
  if ('cells' in out) {
    if (!Array.isArray(out.cells)) throw invalid(`${path}.cells should be an array.`);
    out.cells = (out.cells as unknown[]).map((cell, i) => requestRichText(state, cell, `${path}.cells[${i}]`));
  }
  return out;
}

function checkLevel(
  state: NotionState,
  children: unknown,
  path: string,
  depth: number,
  count: { blocks: number },
): CheckedBlock[] {
  if (!Array.isArray(children))
    throw invalid(`${path} should be an array, instead was \`${JSON.stringify(children)}\`.`);
  if (children.length > MAX_CHILDREN)
    throw invalid(`${path}.length should be ≤ ${MAX_CHILDREN}, instead was ${children.length}.`);
  return children.map((raw: unknown, index) => {
    const at = `${path}[${index}]`;
    const type = (raw as { type?: unknown } | null)?.type;
    const content = typeof type === 'string' ? (raw as Record<string, unknown>)[type] : undefined;
    if (typeof type !== 'string' || !content || typeof content !== 'object')
      throw invalid(`${at} should name its type and hold that type's object.`);
    count.blocks += 1;
    if (count.blocks > MAX_BLOCKS)
      throw invalid(`body.children should hold at most ${MAX_BLOCKS} blocks in one request, nested ones included.`);
    const { children: nested, ...fields } = content as Record<string, unknown>;
    if (type === 'table' && (!Array.isArray(nested) || nested.length === 0))
      throw invalid(
        `${at}.table.children should be defined, instead was \`${JSON.stringify(nested)}\`: a table is created with its rows.`,
      );
    if (nested !== undefined && depth >= MAX_NESTING)
      throw invalid(
        `${at}.${type}.children should not be present: at most ${MAX_NESTING} levels of nesting in one request.`,
      );
    return {
      type,
      content: checkedFields(state, fields, `${at}.${type}`),
      children: nested === undefined ? [] : checkLevel(state, nested, `${at}.${type}.children`, depth + 1, count),
    };
  });
}

/** Checks a whole `children` array against Notion's rules before anything is stored: a refused request writes nothing. */
export const checkChildren = (state: NotionState, children: unknown): CheckedBlock[] =>
  checkLevel(state, children, 'body.children', 1, { blocks: 0 });

/** Stores checked blocks under a page or block, in order after its existing children; returns the new top-level ids. */
export function storeChildren(
  state: NotionState,
  at: string,
  parentId: string,
  blocks: readonly CheckedBlock[],
): string[] {
  const ids = blocks.map((checked) => {
    const id = state.nextId();
    const block: BlockRecord = {
      id,
      type: checked.type,
      content: checked.content,
      parentId,
      createdTime: at,
      lastEditedTime: at,
      createdBy: state.bot.id,
      inTrash: false,
    };
    state.blocks.set(id, block);
    if (checked.children.length) storeChildren(state, at, id, checked.children);
    return id;
  });
  state.children.set(parentId, [...(state.children.get(parentId) ?? []), ...ids]);
  return ids;
}
