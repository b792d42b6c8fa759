import type { Sample, SampleGraphPart } from '../../src/graph/seed.js';

const PAGE_TITLES = [
  'Payments architecture',
  'Runbook: webhook retries (PAY-102)',
  'Ledger rounding rules for PAY-103',
  'Checkout accessibility checklist WEB-9',
];

/** wiki's part of the sample graph: an engineering space and its pages, with their authors and the tickets they name. */
export function wikiSample({ team, day, batch: newBatch }: Sample): SampleGraphPart {
  const batch = newBatch();
  batch.node('space', 'ENG', { key: 'ENG', id: '1', name: 'Engineering', type: 'global', status: 'current' });
  PAGE_TITLES.forEach((title, n) => {
    const id = String(30000 + n);
    const author = team.people[n + 1];
    const page = batch.node('page', id, {
      id,
      title,
      status: 'current',
      space_key: 'ENG',
      version: n + 1,
      updated: day(n + 6),
      author: author.name,
    });
    batch.edge(page, 'BELONGS_TO', batch.ref('space', 'ENG', { key: 'ENG', name: 'Engineering' }));
    batch.edge(
      page,
      'AUTHORED_BY',
      batch.person({ accountId: author.accountId, email: author.email }, { name: author.name }),
    );
    batch.linkMentions(page, [title], ['issue']);
  });
  return { batches: [batch] };
}
