import { describe, expect, it } from 'vitest';
import { findSecrets, maskSecrets, maskValue, scanValue } from '../../src/governance/secrets.js';
import { SAMPLES } from '../helpers/secret-samples.js';

describe('secret scanner', () => {
  it.each(Object.entries(SAMPLES))('finds a %s in text around it', (kind, sample) => {
    expect(findSecrets(`Please use ${sample} for the deploy.`).map((hit) => hit.kind)).toEqual([kind]);
  });

  it.each(Object.entries(SAMPLES))('finds a %s inside a value, by the path of its string', (kind, sample) => {
    expect(scanValue({ items: [{ note: `see ${sample} here` }] })).toEqual([{ kind, path: 'items[0].note' }]);
  });

  it('masks each credential by kind and keeps the text around it', () => {
    expect(maskSecrets(`token ${SAMPLES.github_token} then`)).toBe('token [redacted:github_token] then');
    expect(maskSecrets(SAMPLES.connection_string)).toBe(
      'postgres://app:[redacted:connection_string]@db.internal:5432/prod',
    );
    expect(maskSecrets(SAMPLES.assigned_secret)).toBe('password = "[redacted:assigned_secret]"');
  });

  it('names the path of every finding in a value, never the secret', () => {
    const findings = scanValue({
      title: 'ok',
      files: [{ content: `key: ${SAMPLES.aws_access_key}` }],
      body: SAMPLES.jwt,
    });
    expect(findings).toEqual([
      { kind: 'aws_access_key', path: 'files[0].content' },
      { kind: 'jwt', path: 'body' },
    ]);
    expect(JSON.stringify(findings)).not.toContain(SAMPLES.aws_access_key);
  });

  it('leaves ordinary text alone: low-entropy assignments, placeholders, words near prefixes', () => {
    for (const text of [
      'password = hunter2',
      'password: ${{ secrets.DEPLOY_PASSWORD }}',
      'api_key: "<your-api-key-here>"',
      'token=aaaaaaaaaaaaaaaaaaaa',
      'the ghp_ prefix marks personal tokens',
      'postgres://db.internal:5432/prod',
      'see https://hooks.slack.com/ for webhooks',
      'ASIAN markets and AKIA in a word',
    ])
      expect(findSecrets(text)).toEqual([]);
  });

  it('gives back the same value when nothing is masked', () => {
    const value = { items: [{ title: 'hello', n: 1 }] };
    expect(maskValue(value)).toBe(value);
    expect(maskValue({ note: SAMPLES.slack_token })).toEqual({ note: '[redacted:slack_token]' });
  });

  it('masks the strings of a value whose keys name secrets, and keeps a `__proto__` key an own key', () => {
    const value = JSON.parse(
      JSON.stringify({
        key: 'PROJ-1',
        api_key: 'x',
        rows: [{ token: SAMPLES.github_token, n: 2 }, { password: 'no' }],
      }),
    ) as Record<string, unknown>;
    expect(maskValue(value)).toEqual({
      key: 'PROJ-1',
      api_key: 'x',
      rows: [{ token: '[redacted:github_token]', n: 2 }, { password: 'no' }],
    });
    expect(value.rows).toEqual([{ token: SAMPLES.github_token, n: 2 }, { password: 'no' }]);
    const hostile = JSON.parse(`{"__proto__": {"note": "${SAMPLES.github_token}"}}`) as Record<string, unknown>;
    const result = maskValue(hostile);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toEqual({ note: '[redacted:github_token]' });
  });

  it('finds the shortest credential a rule matches', () => {
    expect(maskValue({ dsn: 'ftp://a:b@' })).toEqual({ dsn: 'ftp://a:[redacted:connection_string]@' });
  });
});
