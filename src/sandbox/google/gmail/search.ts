import { invalid } from '../../kit/index.js';
import type { Mailbox, StoredMessage } from './model.js';

const DAY = 86_400_000;
const UNITS: Record<string, number> = { d: DAY, m: 30 * DAY, y: 365 * DAY };

type Test = (message: StoredMessage) => boolean;

const lower = (s: string) => s.toLowerCase();

/** A subset of Gmail search: from:, to:, subject:, is:unread/starred/important, label:, newer_than:, after:/before:, words, and `-` to negate. */
export function parseQuery(q: string, box: Mailbox, now: number): Test {
  const terms = q.match(/-?\w+:"[^"]*"|-?\w+:\S+|-?"[^"]*"|\S+/g) ?? [];
  const tests = terms.map((term): Test => {
    const negate = term.startsWith('-');
    const bare = negate ? term.slice(1) : term;
    const colon = bare.indexOf(':');
    const key = colon > 0 ? lower(bare.slice(0, colon)) : '';
    const value = lower((colon > 0 ? bare.slice(colon + 1) : bare).replace(/^"|"$/g, ''));
    const test = testOf(key, value, box, now);
    return negate ? (m) => !test(m) : test;
  });
  return (message) => tests.every((test) => test(message));
}

function testOf(key: string, value: string, box: Mailbox, now: number): Test {
  switch (key) {
    case 'from':
      return (m) => lower(m.index.from).includes(value);
    case 'to':
      return (m) => [...m.index.to, ...m.index.cc].some((a) => lower(a).includes(value));
    case 'subject':
      return (m) => lower(m.index.subject).includes(value);
    case 'is': {
      const label = { unread: 'UNREAD', starred: 'STARRED', important: 'IMPORTANT', read: '!UNREAD' }[value];
      if (!label) throw invalid(`Invalid search query: is:${value}`);
      return label.startsWith('!') ? (m) => !m.labelIds.has(label.slice(1)) : (m) => m.labelIds.has(label);
    }
    case 'label':
    case 'in': {
      const found = [...box.labels.values()].find(
        (l) => lower(l.name) === value || lower(l.id) === value || lower(l.name).replace(/\s+/g, '-') === value,
      );
      return (m) => found !== undefined && m.labelIds.has(found.id);
    }
    case 'newer_than':
    case 'older_than': {
      const match = /^(\d+)([dmy])$/.exec(value);
      if (!match) throw invalid(`Invalid search query: ${key}:${value}`);
      const edge = now - Number(match[1]) * UNITS[match[2]];
      return key === 'newer_than' ? (m) => m.internalDate >= edge : (m) => m.internalDate < edge;
    }
    case 'after':
    case 'before': {
      const edge = /^\d{9,}$/.test(value) ? Number(value) * 1000 : Date.parse(value.replace(/\//g, '-'));
      if (Number.isNaN(edge)) throw invalid(`Invalid search query: ${key}:${value}`);
      return key === 'after' ? (m) => m.internalDate >= edge : (m) => m.internalDate < edge;
    }
    case '':
      return (m) => lower(`${m.index.subject} ${m.index.text} ${m.index.from} ${m.index.to.join(' ')}`).includes(value);
    default:
      return (m) => lower(`${m.index.subject} ${m.index.text}`).includes(`${key}:${value}`);
  }
}
