import { describe, expect, it } from 'vitest';
import { assertPathSafeIds } from '../../src/toolkit/path-ids.js';

const problemOf = (value: string): string | undefined => {
  try {
    assertPathSafeIds({ repo_id: value, title: '..' }, 'get_repository');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('identifier arguments that would move an upstream path', () => {
  it('are refused at the first dot step, wherever it stands, naming it', () => {
    expect(problemOf('..')).toBe(
      'Invalid arguments for get_repository: repo_id may not be ".." or contain it as a path step',
    );
    expect(problemOf('acme/../api')).toContain('may not be ".."');
    expect(problemOf('./api')).toContain('may not be "."');
    expect(problemOf('acme/./..')).toContain('may not be "."');
    expect(problemOf('acme/..')).toContain('may not be ".."');
    expect(problemOf(' ')).toBe('Invalid arguments for get_repository: repo_id may not be empty');
  });

  it('leave ids with dots that are no step alone, and arguments that name no object', () => {
    for (const id of ['acme/api', 'acme/.github', 'acme/...', 'v1.2..3', 'a..b/c.d', '.../x'])
      expect(problemOf(id)).toBeUndefined();
  });
});
