import { describe, expect, it } from 'vitest';
import { backendChoiceFrom } from '../../src/store/backend.js';

describe('choosing the storage backend', () => {
  it('keeps the SQLite file unless a PostgreSQL URL is configured', () => {
    expect(backendChoiceFrom({})).toEqual({ kind: 'sqlite' });
    expect(backendChoiceFrom({ CONSTELLATION_DATABASE_URL: '  ' })).toEqual({ kind: 'sqlite' });
    expect(backendChoiceFrom({ CONSTELLATION_DATABASE_URL: ' postgres://u:p@db:5432/constellation ' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/constellation',
    });
  });
});
