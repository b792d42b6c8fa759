import { describe, expect, it } from 'vitest';
import { patchChangesNothing } from '../../src/graph/store/unchanged-patch.js';

describe('patchChangesNothing', () => {
  it('is sure only when every patched key is stored with the same value, written the same way', () => {
    expect(patchChangesNothing('{"a":1,"b":{"c":[1,null]}}', '{"a":1,"b":{"c":[1,null]}}')).toBe(true);
    expect(patchChangesNothing('{"a":1,"b":"x"}', '{"b":"x"}')).toBe(true);
    expect(patchChangesNothing('{"a":1}', '{"a":2}')).toBe(false);
    expect(patchChangesNothing('{"a":1}', '{"b":1}')).toBe(false);
    // A nested object partly patched: left to SQL.
    expect(patchChangesNothing('{"a":{"x":1,"y":2}}', '{"a":{"x":1}}')).toBe(false);
  });

  it('leaves to SQL a patch that removes keys, and stored text this process would write otherwise', () => {
    expect(patchChangesNothing('{"a":null}', '{"a":null}')).toBe(false);
    expect(patchChangesNothing('{"a":{"b":null}}', '{"a":{"b":null}}')).toBe(false);
    expect(patchChangesNothing('{"a":1.0,"b":2}', '{"a":1}')).toBe(false);
  });
});
