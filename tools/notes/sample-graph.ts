import type { Sample, SampleGraphPart } from '../../src/graph/seed.js';

/** notes' part of the sample graph: a roadmap database and its pages, with the tickets they name. */
export function notesSample(sample: Sample): SampleGraphPart {
  const batch = sample.batch();
  batch.node('notes_database', 'db-roadmap', { id: 'db-roadmap', title: 'Roadmap' });
  ['Q4 payments roadmap', 'Retro: PAY-101 rollout'].forEach((title, n) => {
    const page = batch.node('notes_page', `np-${n + 1}`, { id: `np-${n + 1}`, title, database_id: 'db-roadmap' });
    batch.edge(page, 'BELONGS_TO', batch.ref('notes_database', 'db-roadmap', { id: 'db-roadmap' }));
    batch.linkMentions(page, [title], ['issue']);
  });
  return { batches: [batch] };
}
