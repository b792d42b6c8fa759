/** Which branch names, titles and bodies name a ticket: its key as a whole word, in any case. */
import { describe, expect, it } from 'vitest';
import { keyPattern } from '../../tools/insights/delivery-flow/flows.js';

describe('a ticket key named in pull request text', () => {
  const names = keyPattern(['WEB-17', 'API-3']);
  it.each(['kenm/web-17-fix-navbar', 'WEB-17: Simplify navbar', 'Summary\n\nCloses WEB-17.', '[api-3] orders'])(
    'names a ticket: %j',
    (text) => expect(names.test(text)).toBe(true),
  );
  it.each(['WEB-170: other work', 'XWEB-17', 'web17', 'API-31 and API-30', 'WEB_17'])('names none: %j', (text) =>
    expect(names.test(text)).toBe(false),
  );
});
