import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/config/logger.js';
import { openDatabase } from '../../src/database.js';
import { openAuditLog } from '../../src/governance/audit/open.js';
import { systemClock } from '../../src/toolkit/context.js';
import { runBin } from '../helpers/cli.js';
import { TEST_API_KEY, TEST_JWT_SECRET } from '../helpers/server.js';

it('constellation audit verify checks a tenant’s chain in the store and names the first broken link', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'audit-cli-')), 'constellation.db');
  const env = {
    CONSTELLATION_API_KEY: TEST_API_KEY,
    CONSTELLATION_JWT_SECRET: TEST_JWT_SECRET,
    CONSTELLATION_DATABASE: file,
  };
  const db = openDatabase(file);
  db.prepare(
    "INSERT INTO tenants (id, consumer_id, created_at, updated_at, epoch) VALUES ('acme', 'acme', '', '', 'e')",
  ).run();
  const log = openAuditLog(loadConfig(env), { kind: 'sqlite', db }, systemClock, silentLogger);
  for (const action of ['code_host_get_issue', 'code_host_add_issue_comment', 'wiki_get_page'])
    log.record({ tenantId: 'acme', at: Date.now(), kind: 'tool_call', action, node: 'n1', outcome: 'ok' });
  await log.flush();

  const whole = await runBin(['audit', 'verify', '--tenant', 'acme'], env);
  expect(whole.code).toBe(0);
  expect(JSON.parse(whole.stdout)).toEqual({ tenant_id: 'acme', ok: true, records: 3, head_seq: 3 });

  db.prepare("UPDATE audit_records SET body = replace(body, 'wiki', 'chat') WHERE seq = 3").run();
  db.close();
  const broken = await runBin(['audit', 'verify', '--tenant', 'acme'], env);
  expect(broken.code).toBe(1);
  expect(JSON.parse(broken.stdout).broken).toMatchObject({ seq: 3, problem: 'hash_mismatch' });
  expect(broken.stderr).toContain('broken at record 3');

  const usage = await runBin(['audit', 'verify'], env);
  expect([usage.code, usage.stderr]).toEqual([2, 'constellation: audit verify needs --tenant <id>.\n']);
});
