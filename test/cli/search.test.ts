import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';

const search = (args: string[]) =>
  spawnSync(process.execPath, [BIN, 'search', ...args], {
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    timeout: 15_000,
  });

describe('constellation search', () => {
  it('lists the tools a request finds, best first, each with its evidence, typos read as meant', () => {
    const found = search(['serach', 'slak', 'for', 'the', 'postmortem', '--limit', '3']);
    expect(found.status).toBe(0);
    const lines = found.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^1\. chat_search_messages \(chat, read\): .*read as serach→search, slak→slack/);
  });

  it('keeps to one system when asked, and says so when nothing matches', () => {
    const graph = search(['how', 'is', 'ada', 'connected', 'to', 'acme/infra', '--system', 'graph']);
    expect(graph.stdout.trim().split('\n')[0]).toMatch(/^1\. graph_find_path /);
    const none = search(['zzzz', 'qqqq']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('No tool matches "zzzz qqqq"');
  });

  it('without words prints its usage as a usage mistake', () => {
    const bare = search([]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('Usage: constellation search <words...>');
  });
});
