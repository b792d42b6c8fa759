import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { documentsApi, upload } from './files.js';

let server: TestServer;
let api: ReturnType<typeof documentsApi>;
const ids: Record<string, string> = {};

/** About 900 characters of prose that names none of the queries' words (one default chunk each). */
const filler = (topic: string) =>
  Array.from(
    { length: 9 },
    (_, i) => `The ${topic} committee met on day ${i + 1} to review budgets, staffing, rooms and the minutes.`,
  ).join(' ');

// Default upload settings: 1,000-character chunks, so each paragraph below is a chunk of its own.
const DOCUMENTS = {
  // Five chunks, each about solar panels: on chunk scores alone they fill any short list of results.
  handbook: Array.from(
    { length: 5 },
    (_, i) =>
      `Solar panels, part ${i + 1}: solar panels on roofs, solar panels on sheds, cleaning solar panels. ${filler('roof')}`,
  ).join('\n\n'),
  leaflet: 'A leaflet on solar panels for farms, and what the panels cost to fit.',
  memo: 'A memo: the school fitted solar panels over the car park last spring.',
  // Its two words sit in different chunks: the document as a whole is about both.
  survey: `Glacier survey. The glacier retreated again this year. ${filler('survey')}\n\n${filler('field')} Volcano readings from the crater stayed calm.`,
  postcard: 'A postcard of a glacier.',
};

beforeAll(async () => {
  server = await startTestServer({ config: { rateLimitPerMinute: 0 } });
  const token = await server.tokenFor('acme');
  api = documentsApi(server, token);
  for (const [name, text] of Object.entries(DOCUMENTS)) {
    const res = await upload(server, token, `${name}.txt`, text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[name] = res.body.document_id;
  }
  expect((await api.get(ids.handbook)).body.chunk_count).toBe(5);
  expect((await api.get(ids.survey)).body.chunk_count).toBe(2);
});
afterAll(() => server.close());

const documentsOf = async (body: Record<string, unknown>): Promise<string[]> => {
  const res = await api.query(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.results as Array<{ document_id: string }>).map((r) => r.document_id);
};

describe('documents cut into several chunks, queried in the default mode', () => {
  it('lists every matching document before a second chunk of any of them', async () => {
    const top = await documentsOf({ query: 'solar panels', top_k: 3 });
    expect(new Set(top)).toEqual(new Set([ids.handbook, ids.leaflet, ids.memo]));
  });

  it('fills the places left, once every document is listed, with further chunks', async () => {
    // The vector side reaches every document of this small tenant, so all five are listed first.
    const top = await documentsOf({ query: 'solar panels', top_k: 7 });
    expect(new Set(top.slice(0, 5)).size).toBe(5);
    expect(top.slice(5)).toEqual([ids.handbook, ids.handbook]);
    const filtered = await documentsOf({ query: 'solar panels', top_k: 5, document_id: ids.handbook });
    expect(filtered).toEqual(Array(5).fill(ids.handbook));
  });

  it('ranks a document on all of its text, not on its best chunk alone', async () => {
    expect(await documentsOf({ query: 'glacier volcano', top_k: 1 })).toEqual([ids.survey]);
  });
});
