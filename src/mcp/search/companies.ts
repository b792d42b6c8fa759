/** Company names: the names a catalog's requests use for a CRM account, which is a company, not a person. */
import type { Entity } from './entities.js';
import { termsOf } from './text.js';

/** A tool of companies: a CRM account is a company (`crm_get_account`, `crm_list_accounts`). */
const OF_COMPANIES = /(^|_)(accounts?|compan(y|ies))(_|$)/;

/**
 * The names (`initech`, `globex`) the requests of tools of companies use: "what accounts does globex have"
 * asks for a company's CRM records, not a person's logins.
 */
export function companyNames(
  tools: ReadonlyArray<{
    tool: { name: string };
    examples: Iterable<ReadonlySet<string>>;
    phrasings: Iterable<{ terms: ReadonlySet<string> }>;
  }>,
  names: ReadonlySet<string>,
): Set<string> {
  const companies = new Set<string>();
  for (const entry of tools.filter((e) => OF_COMPANIES.test(e.tool.name)))
    for (const terms of [...entry.examples, ...[...entry.phrasings].map((p) => p.terms)])
      for (const t of terms) if (names.has(t)) companies.add(t);
  return companies;
}

/**
 * Each company a request names, as an entity of the CRM: an account. Before a singular noun of the catalog
 * ("the initech account") it is that one thing; otherwise it owns what is asked ("initech's accounts").
 */
export function companiesNamed(
  raw: readonly string[],
  companies: ReadonlySet<string>,
  isThing: (word: string) => boolean,
): Entity[] {
  const named = raw
    .map((word, i) => ({ word, next: raw[i + 1] ?? '' }))
    .filter(({ word }) => termsOf([word]).some((t) => companies.has(t)));
  return named.map(({ word, next }) => ({
    system: 'crm',
    evidence: word,
    kind: 'account',
    weight: 1.3,
    owner: !(isThing(next) && !/s$/.test(next)),
  }));
}
