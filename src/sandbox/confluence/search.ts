import type { Clause, CqlNode } from './cql.js';
import { parseCql, textMatches } from './cql.js';
import { plainText } from './serializers.js';
import type { ConfluenceState, PageRecord } from './state.js';
import { currentVersion } from './state.js';

const time = (value: string): number => {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? Number.NaN : parsed;
};

function clauseMatches(clause: Clause, page: PageRecord, state: ConfluenceState, me: string): boolean {
  const v = currentVersion(page);
  const values = clause.values.map((value) => (value.toLowerCase() === 'currentuser()' ? me : value));
  const any = (actual: (value: string) => boolean): boolean => {
    const hit = values.some(actual);
    return clause.op === '!=' || clause.op === 'not in' || clause.op === '!~' ? !hit : hit;
  };
  switch (clause.field) {
    case 'text':
      return any((q) => textMatches(`${v.title} ${plainText(v.body)}`, q));
    case 'title':
      return clause.op.includes('~') ? any((q) => textMatches(v.title, q)) : any((q) => v.title === q);
    case 'space':
    case 'space.key':
      return any((key) => state.spaces.get(page.spaceId)?.key === key);
    case 'type':
      return any((type) => type === 'page');
    case 'creator':
      return any((id) => page.authorId === id);
    case 'contributor':
      return any((id) => page.versions.some((version) => version.authorId === id));
    case 'mention':
      return any((id) => v.body.includes(`ri:account-id="${id}"`));
    case 'label':
      return any((label) => page.labels.includes(label));
    case 'id':
      return any((id) => page.id === id);
    case 'ancestor':
    case 'parent':
      return any((id) => page.parentId === id);
    case 'lastmodified':
    case 'created': {
      const at = time(clause.field === 'created' ? page.createdAt : v.createdAt);
      const bound = time(values[0]);
      if (Number.isNaN(bound)) return false;
      return (
        { '>': at > bound, '>=': at >= bound, '<': at < bound, '<=': at <= bound, '=': at === bound }[clause.op] ??
        false
      );
    }
    default:
      return false;
  }
}

function matches(node: CqlNode | undefined, page: PageRecord, state: ConfluenceState, me: string): boolean {
  if (!node) return true;
  if (node.kind === 'clause') return clauseMatches(node, page, state, me);
  if (node.kind === 'not') return !matches(node.node, page, state, me);
  if (node.kind === 'and') return matches(node.left, page, state, me) && matches(node.right, page, state, me);
  return matches(node.left, page, state, me) || matches(node.right, page, state, me);
}

/** The pages a CQL query selects (current and archived ones; drafts and the trash are never searched), ordered. */
export function searchPages(state: ConfluenceState, cql: string, me: string): PageRecord[] {
  const query = parseCql(cql);
  const found = [...state.pages.values()].filter(
    (page) => (page.status === 'current' || page.status === 'archived') && matches(query.where, page, state, me),
  );
  for (const { field, descending } of [...query.orderBy].reverse()) {
    const key = (page: PageRecord): string =>
      field === 'title'
        ? currentVersion(page).title
        : field === 'created'
          ? page.createdAt
          : currentVersion(page).createdAt;
    found.sort((a, b) => (descending ? key(b).localeCompare(key(a)) : key(a).localeCompare(key(b))));
  }
  return found;
}
