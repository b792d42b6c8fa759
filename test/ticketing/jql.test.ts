/**
 * JQL is built from arguments with every value quoted and escaped, so no argument can change the
 * structure of a query. Each hostile value below must come out as one string literal.
 */
import { describe, expect, it } from 'vitest';
import { fn, jql, jqlDate, q, quote } from '../../tools/ticketing/jql.js';

/** The string literals of a query, read back the way a JQL lexer reads them. */
function literals(query: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < query.length; i++) {
    if (query[i] !== '"') continue;
    let value = '';
    for (i++; query[i] !== '"'; i++) {
      if (i >= query.length) throw new Error(`unterminated literal in ${query}`);
      if (query[i] === '\\') {
        const next = query[++i];
        value +=
          next === 'n'
            ? '\n'
            : next === 'r'
              ? '\r'
              : next === 't'
                ? '\t'
                : next === 'u'
                  ? String.fromCharCode(parseInt(query.slice(i + 1, (i += 4) + 1), 16))
                  : next;
      } else value += query[i];
    }
    out.push(value);
  }
  return out;
}

/** The query with its literals blanked: its structure. */
const structure = (query: string) => query.replace(/"(?:[^"\\]|\\.)*"/g, '""');

describe('JQL values are quoted and escaped', () => {
  const hostile = [
    'PAY',
    'PAY" OR project != "X',
    'a\\" OR 1=1 OR summary ~ "',
    'trailing backslash\\',
    'line\nbreak\tand\rreturn',
    'bell\u0007',
    'ORDER BY created',
    '(status = Done)',
    "it's",
    '',
    'émoji 🚀',
  ];
  it.each(hostile)('%j stays one literal', (value) => {
    const query = jql([q.eq('project', 'PAY'), q.eq('status', value)], [{ field: 'updated', direction: 'DESC' }]);
    expect(structure(query)).toBe('project = "" AND status = "" ORDER BY updated DESC');
    expect(literals(query)).toEqual(['PAY', value]);
    expect(literals(quote(value))).toEqual([value]);
  });

  it('lists, numbers, functions, empty checks and grouping', () => {
    const query = jql([
      q.in('status', ['To Do', 'In "Progress"']),
      q.or(q.eq('assignee', fn.currentUser()), q.isEmpty('assignee')),
      q.gte('cf[10016]', 3),
      q.eq('sprint', fn.openSprints()),
      q.gte('resolved', fn.startOfDay(-7)),
      undefined,
      false,
    ]);
    expect(query).toBe(
      'status in ("To Do", "In \\"Progress\\"") AND (assignee = currentUser() OR assignee is EMPTY) AND cf[10016] >= 3 AND sprint = openSprints() AND resolved >= startOfDay(-7d)',
    );
    expect(jql([])).toBe('');
    expect(jql([], [{ field: 'created' }])).toBe('ORDER BY created ASC');
    expect(q.not(q.eq('status', 'Done')).jql).toBe('NOT (status = "Done")');
  });

  it('field names come from code: anything else is refused', () => {
    expect(() => q.eq('status = "x" OR project', 'y')).toThrow(/Not a JQL field name/);
    expect(() => jql([], [{ field: 'updated; DROP' }])).toThrow(/Not a JQL field name/);
    expect(() => q.in('status', [])).toThrow(/at least one value/);
    expect(() => q.gte('x', Number.NaN)).toThrow(/finite/);
  });

  it('dates in the form JQL compares', () => {
    expect(jqlDate(Date.UTC(2026, 10, 23, 14, 5))).toBe('2026-11-23');
    expect(jqlDate('2026-11-23T14:05:00Z', true)).toBe('2026-11-23 14:05');
    expect(() => jqlDate('not a date')).toThrow(/Not a date/);
  });
});
