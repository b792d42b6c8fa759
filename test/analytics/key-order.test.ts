import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '../../src/analytics/cache.js';
import { compareKeys } from '../../src/analytics/key-order.js';

/** Every string of up to `length` characters drawn from `alphabet`. */
function wordsOf(alphabet: string, length: number): string[] {
  let words = [''];
  const all: string[] = [];
  for (let i = 0; i < length; i++) {
    words = words.flatMap((word) => [...alphabet].map((character) => word + character));
    all.push(...words);
  }
  return all;
}

describe('canonical key order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('orders keys exactly as localeCompare does, so digests over canonical JSON do not change', () => {
    const keys = [
      ...wordsOf('aBz_-09.é', 2),
      ...wordsOf('aAb_1', 3),
      'args_digest',
      'argsDigest',
      'duration_ms',
      'durationMs',
      'tenant-id',
      'tenantId',
      'ID',
      'id',
      'Id',
      'x.y',
      'x:y',
      'naïve',
      'naive',
    ];
    const expected = [...keys].sort((a, b) => a.localeCompare(b));
    expect([...keys].sort(compareKeys)).toEqual(expected);
  });

  it('sorts the plain keys of an audit record without the locale collator', () => {
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    const json = canonicalJson({
      tool: 'notes.search',
      outcome: 'ok',
      args_digest: 'abc',
      duration_ms: 1.5,
      caller: { userEmail: 'a@b.c', tenant_id: 't1', client: 'host/1' },
      policy: { read_only: false, readOnly: true, allow: ['notes.*'] },
    });
    expect(json).toBe(
      '{"args_digest":"abc","caller":{"client":"host/1","tenant_id":"t1","userEmail":"a@b.c"},"duration_ms":1.5,' +
        '"outcome":"ok","policy":{"allow":["notes.*"],"read_only":false,"readOnly":true},"tool":"notes.search"}',
    );
    expect(localeCompare).not.toHaveBeenCalled();
  });
});
