import { SANDBOX_EPOCH } from '../src/sandbox/server.js';
import { crmOf, type UnifyState } from '../src/sandbox/apideck/index.js';
import { startDemoBench } from './demo-app.js';
import { median, percentile, time, type BenchResult } from './lib.js';

/**
 * crm_list_accounts through the executor, `@apideck/unify` talking to the Apideck fake over HTTP: a
 * 500-account CRM walked with cursor paging (pages of 100, each resuming from the Apideck cursor the
 * last one stopped at), with the number of Apideck requests the whole walk costs.
 */
const SUITE = 'crm';
const ACCOUNTS = 500;
const PAGE = 100;

export async function run(): Promise<BenchResult[]> {
  const { app, demo, caller } = await startDemoBench();
  const companies = crmOf(demo.sandbox.state<UnifyState>('/unify', 'acme').consumer, 'salesforce').companies;
  const at = new Date(SANDBOX_EPOCH).toISOString();
  for (let i = companies.size; i < ACCOUNTS; i++) {
    const id = `001Bench${String(i).padStart(10, '0')}`;
    companies.set(id, { id, name: `Bench account ${i}`, industry: 'Software', created_at: at, updated_at: at });
  }
  const tool = app.registry.find('list_accounts', 'crm')!;
  const walk = async (): Promise<number> => {
    let seen = 0;
    let cursor: string | null = null;
    do {
      const page = (await app.executor.execute(caller, tool, { limit: PAGE, ...(cursor ? { cursor } : {}) })) as {
        accounts: unknown[];
        pagination: { next_cursor: string | null };
      };
      seen += page.accounts.length;
      cursor = page.pagination.next_cursor;
    } while (cursor);
    return seen;
  };
  try {
    const before = demo.sandbox.faults.log.length;
    const seen = await walk();
    if (seen !== ACCOUNTS) throw new Error(`expected ${ACCOUNTS} accounts, walked ${seen}`);
    const requests = demo.sandbox.faults.log
      .slice(before)
      .filter((r) => r.path.startsWith('/unify/crm/companies')).length;
    const samples = (await time(walk, 20, 3)).sort((a, b) => a - b);
    const note = `${ACCOUNTS / PAGE} pages of ${PAGE}, ${requests} Apideck requests per walk`;
    return [
      {
        suite: SUITE,
        name: `walk ${ACCOUNTS} accounts by cursor, pages of ${PAGE} (median)`,
        value: median(samples),
        unit: 'ms',
        note,
      },
      {
        suite: SUITE,
        name: `walk ${ACCOUNTS} accounts by cursor, pages of ${PAGE} (p90)`,
        value: percentile(samples, 90),
        unit: 'ms',
      },
      { suite: SUITE, name: `Apideck requests per ${ACCOUNTS}-account walk`, value: requests, unit: 'requests' },
    ];
  } finally {
    await app.close();
  }
}
