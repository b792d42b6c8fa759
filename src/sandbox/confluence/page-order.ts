import { badRequest } from '../kit/index.js';
import type { PageRecord } from './state.js';
import { currentVersion } from './state.js';

/** The orders `GET /wiki/api/v2/pages` takes in `sort` (Confluence's PageSortOrder); `-` sorts descending. */
const KEYS: Record<string, (page: PageRecord) => string | number> = {
  id: (page) => Number(page.id),
  'created-date': (page) => page.createdAt,
  'modified-date': (page) => currentVersion(page).createdAt,
  title: (page) => currentVersion(page).title,
};

/** Pages in the order `sort` names (by id, Confluence's default, when it is absent); an unknown order is a 400. */
export function inPageOrder(pages: PageRecord[], sort: string | undefined): PageRecord[] {
  const descending = sort?.startsWith('-') ?? false;
  const field = sort === undefined ? 'id' : sort.replace(/^-/, '');
  const key = KEYS[field];
  if (!key)
    throw badRequest(
      `Invalid sort value '${sort}'. Expected one of: ${Object.keys(KEYS).join(', ')} (optionally prefixed by -)`,
    );
  const sign = descending ? -1 : 1;
  return pages
    .map((page) => ({ page, value: key(page) }))
    .sort((a, b) => sign * (a.value < b.value ? -1 : a.value > b.value ? 1 : Number(a.page.id) - Number(b.page.id)))
    .map(({ page }) => page);
}
