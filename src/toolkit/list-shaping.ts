import type { ListOptions, ListPage } from './define-tool.js';
import { paginate, resolvePage, type PageRequest } from './pagination.js';
import { itemFields, project } from './projection.js';
import { boundItems } from './result-budget.js';

/** The page a list call asks for, reading a spec's own names for the page size (`max_results`) and number (`page`). */
export function pageOf(list: ListOptions, args: Record<string, unknown>): PageRequest {
  const alias = list.limitAlias;
  const sized = alias && args.limit === undefined && args[alias] !== undefined ? { ...args, limit: args[alias] } : args;
  const page = resolvePage(sized, list.defaultLimit);
  const pageNumber = list.pageNumberAlias ? args[list.pageNumberAlias] : undefined;
  const positioned = args.offset !== undefined || args.cursor !== undefined;
  return typeof pageNumber === 'number' && pageNumber > 1 && !positioned
    ? { ...page, offset: (pageNumber - 1) * page.limit }
    : page;
}

/**
 * A list handler's page as its caller sees it (the page window, the `fields` projection, the size budget and
 * the pagination envelope) and whole (what observers and the graph receive).
 */
export function shapeList(
  { key, topLevelPaging }: { key: string; topLevelPaging?: boolean },
  listPage: ListPage<unknown>,
  page: { limit: number; offset: number },
  budgetChars: number,
  fields?: string[],
): { visible: Record<string, unknown>; full: Record<string, unknown> } {
  const fromOffset = (listPage.offsetApplied ? listPage.items : listPage.items.slice(page.offset)).slice(
    0,
    page.limit + 1,
  );
  const projected = project(fromOffset, itemFields(fields, key));
  const shown = boundItems(projected, page.limit, budgetChars);
  const extent = {
    total: listPage.total,
    seen: (listPage.offsetApplied ? page.offset : 0) + listPage.items.length,
    more: listPage.more,
  };
  const { items, pagination } = paginate(projected, page, extent, shown, listPage.resumePoints);
  const envelope = {
    count: items.length,
    // Only the size budget truncates: a page that ends at its limit is whole, has_more says more follow.
    truncated: items.length < Math.min(page.limit, fromOffset.length),
    pagination,
    ...(topLevelPaging ? { has_more: pagination.has_more, next_cursor: pagination.next_cursor } : {}),
    ...(listPage.extra ?? {}),
  };
  return { visible: { [key]: items, ...envelope }, full: { [key]: fromOffset.slice(0, items.length), ...envelope } };
}
