import { describe, expect, it } from 'vitest';
import { findMethod, UsageError, type Meta, type MetaMethod, type MetaParam } from '../../src/cli/call/meta.js';
import { convertParams, convertValue, parseCallArgs } from '../../src/cli/call/params.js';

const param = (name: string, type: MetaParam['type'], extra: Partial<MetaParam> = {}): MetaParam => ({
  name,
  type,
  default: null,
  required: false,
  ...extra,
});

const METHOD: MetaMethod = {
  name: 'get_issues',
  description: 'List issues.',
  http_method: 'GET',
  path: '/code_host/get-issues',
  params: [
    param('repo_id', 'str', { required: true }),
    param('state', 'str', { default: 'open', enum: ['open', 'closed', 'all'] }),
    param('labels', 'json'),
    param('limit', 'int'),
    param('ratio', 'float'),
    param('draft', 'bool', { default: false }),
  ],
};

function usageError(action: () => unknown): UsageError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('parseCallArgs', () => {
  it('splits positionals, --name value, --name=value, bare flags and the client options', () => {
    const args = parseCallArgs([
      'code_host',
      'get-issues',
      '--repo_id',
      'acme/web',
      '--limit=3',
      '--draft',
      '--state',
      'all',
      '-o',
      'csv',
    ]);
    expect(args.positionals).toEqual(['code_host', 'get-issues']);
    expect(args.options).toEqual([
      { name: 'repo_id', value: 'acme/web' },
      { name: 'limit', value: '3' },
      { name: 'draft', value: undefined },
      { name: 'state', value: 'all' },
    ]);
    expect(args.output).toBe('csv');
    expect(parseCallArgs(['--list']).list).toBe(true);
    expect(parseCallArgs(['a', 'b', '-h']).help).toBe(true);
    expect(parseCallArgs(['a', 'b', '--offset', '-1']).options).toEqual([{ name: 'offset', value: '-1' }]);
    expect(parseCallArgs(['a', 'b', '--title=--dashes--']).options).toEqual([{ name: 'title', value: '--dashes--' }]);
  });

  it('refuses an unknown output mode and values on the client options', () => {
    expect(usageError(() => parseCallArgs(['--output', 'yaml'])).message).toContain(
      '--output must be one of agent, json, csv, xml, plaintext',
    );
    expect(usageError(() => parseCallArgs(['--output'])).message).toContain('--output must be one of');
    expect(usageError(() => parseCallArgs(['--list=yes'])).message).toBe('--list takes no value');
  });
});

describe('convertValue and convertParams', () => {
  it('converts each meta type', () => {
    expect(convertValue(param('n', 'int'), '42')).toBe(42);
    expect(convertValue(param('n', 'int'), '-7')).toBe(-7);
    expect(convertValue(param('x', 'float'), '2.5')).toBe(2.5);
    expect(convertValue(param('x', 'float'), '1e3')).toBe(1000);
    expect(convertValue(param('b', 'bool'), 'true')).toBe(true);
    expect(convertValue(param('b', 'bool'), 'No')).toBe(false);
    expect(convertValue(param('b', 'bool'), '0')).toBe(false);
    expect(convertValue(param('b', 'bool'), undefined)).toBe(true);
    expect(convertValue(param('j', 'json'), '["bug","p1"]')).toEqual(['bug', 'p1']);
    expect(convertValue(param('j', 'json'), '{"a":{"b":1}}')).toEqual({ a: { b: 1 } });
    expect(convertValue(param('s', 'str'), ' as is ')).toBe(' as is ');
  });

  it('names the parameter of a bad value', () => {
    expect(usageError(() => convertValue(param('limit', 'int'), '3.5')).message).toBe(
      '--limit must be an integer, got "3.5"',
    );
    expect(usageError(() => convertValue(param('limit', 'int'), '')).message).toBe(
      '--limit must be an integer, got ""',
    );
    expect(usageError(() => convertValue(param('limit', 'int'), '99999999999999999999')).message).toContain(
      '--limit must be an integer',
    );
    expect(usageError(() => convertValue(param('ratio', 'float'), 'NaN')).message).toBe(
      '--ratio must be a number, got "NaN"',
    );
    expect(usageError(() => convertValue(param('draft', 'bool'), 'maybe')).message).toBe(
      '--draft must be true or false, got "maybe"',
    );
    expect(usageError(() => convertValue(param('labels', 'json'), 'bug,p1')).message).toMatch(/^--labels must be JSON/);
    expect(usageError(() => convertValue(param('title', 'str'), undefined)).message).toBe(
      '--title needs a value (str)',
    );
    expect(usageError(() => convertValue(param('state', 'str', { enum: ['open', 'closed'] }), 'all')).message).toBe(
      '--state must be one of "open", "closed", got "all"',
    );
  });

  it('maps options to typed arguments, accepting kebab-case names; defaults are left to the server', () => {
    const options = parseCallArgs([
      '--repo-id',
      'acme/web',
      '--limit',
      '3',
      '--labels',
      '["bug"]',
      '--draft',
      '--state',
      'all',
    ]).options;
    expect(convertParams(METHOD, options)).toEqual({
      repo_id: 'acme/web',
      limit: 3,
      labels: ['bug'],
      draft: true,
      state: 'all',
    });
    expect(convertParams(METHOD, [{ name: 'repo_id', value: 'a/b' }])).toEqual({ repo_id: 'a/b' });
  });

  it('refuses unknown, repeated and missing required parameters', () => {
    const unknown = usageError(() =>
      convertParams(METHOD, [
        { name: 'repo_id', value: 'a/b' },
        { name: 'colour', value: 'red' },
      ]),
    );
    expect(unknown.message).toContain('unknown parameter --colour for get_issues (parameters: --repo_id --state');
    expect(unknown.kind).toBe('lookup');
    const twice = usageError(() =>
      convertParams(METHOD, [
        { name: 'repo_id', value: 'a' },
        { name: 'repo-id', value: 'b' },
      ]),
    );
    expect(twice.message).toBe('--repo_id is given twice');
    const missing = usageError(() => convertParams(METHOD, [{ name: 'limit', value: '1' }]));
    expect(missing.message).toBe('missing required parameter --repo_id (str) for get_issues');
    expect(missing.kind).toBe('value');
  });
});

describe('findMethod', () => {
  const meta: Meta = { services: [{ name: 'code_host', methods: [METHOD] }] };

  it('accepts snake_case and kebab-case names, and names what it does not know', () => {
    expect(findMethod(meta, 'code_host', 'get-issues').method).toBe(METHOD);
    expect(findMethod(meta, 'code-host', 'get_issues').method).toBe(METHOD);
    expect(usageError(() => findMethod(meta, 'wiki', 'get-page')).message).toBe(
      'unknown service "wiki"; services: code_host',
    );
    expect(usageError(() => findMethod(meta, 'code_host', 'get-page')).message).toContain(
      'unknown method "get-page" of code_host',
    );
  });
});
