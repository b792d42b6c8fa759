import { describe, expect, it } from 'vitest';
import { Lexer, QueryError } from '../../src/graph/query/lexer.js';
import { nodeTypesOf } from '../../src/catalog/manifest.js';
import { parseQuery as parseWith } from '../../src/graph/query/parser.js';
import { nodeVocabulary } from '../../src/graph/types.js';
import { MANIFESTS } from '../../tools/index.js';

/** The query language with the catalog's node types (the graph's vocabulary). */
const CATALOG_NODE_TYPES = new Set(nodeVocabulary(nodeTypesOf(MANIFESTS)));
const parseQuery = (text: string) => parseWith(text, CATALOG_NODE_TYPES);

const errorOf = (text: string) => {
  try {
    parseQuery(text);
  } catch (error) {
    if (error instanceof QueryError) return error.message;
    throw error;
  }
  throw new Error(`"${text}" parsed`);
};

describe('lexer', () => {
  it('tokenizes keywords case-insensitively, identifiers, strings with escapes, numbers and punctuation', () => {
    const lexer = new Lexer("match (n:user) WHERE n.name = 'O\\'Brien' LIMIT 5");
    const tokens = [];
    for (let t = lexer.next(); t.kind !== 'eof'; t = lexer.next()) tokens.push(`${t.kind}:${t.value}@${t.start}`);
    expect(tokens).toEqual([
      'keyword:MATCH@0',
      'punct:(@6',
      'ident:n@7',
      'punct::@8',
      'ident:user@9',
      'punct:)@13',
      'keyword:WHERE@15',
      'ident:n@21',
      'punct:.@22',
      'ident:name@23',
      'punct:=@28',
      "string:O'Brien@30",
      'keyword:LIMIT@41',
      'number:5@47',
    ]);
  });

  it('reads raw ids after type: in references', () => {
    const lexer = new Lexer('user:ada@acme.test TO');
    expect(lexer.next().value).toBe('user');
    expect(lexer.next().value).toBe(':');
    expect(lexer.readId().value).toBe('ada@acme.test');
    expect(lexer.next()).toMatchObject({ kind: 'keyword', value: 'TO' });
  });
});

describe('parser', () => {
  it('MATCH by type, with WHERE on id and properties, RETURN and LIMIT', () => {
    expect(parseQuery('MATCH (n:user)')).toEqual({
      kind: 'match',
      left: { variable: 'n', type: 'user' },
      rel: undefined,
      right: undefined,
      where: [],
      limit: undefined,
    });
    expect(
      parseQuery(
        "MATCH (n:issue) WHERE n.id = 'PAY-1' AND n.points = 3 AND n.done = true AND n.parent = null RETURN n LIMIT 10",
      ),
    ).toMatchObject({
      where: [
        { variable: 'n', property: 'id', value: 'PAY-1' },
        { variable: 'n', property: 'points', value: 3 },
        { variable: 'n', property: 'done', value: true },
        { variable: 'n', property: 'parent', value: null },
      ],
      limit: 10,
    });
    expect(parseQuery('MATCH (n)')).toMatchObject({ left: { variable: 'n' } });
  });

  it('relationship patterns in every direction, with alternative types', () => {
    expect(parseQuery('MATCH (a:user)-[:AUTHORED_BY]-(b:pull_request)')).toMatchObject({
      left: { type: 'user' },
      rel: { types: ['AUTHORED_BY'], direction: 'both' },
      right: { type: 'pull_request' },
    });
    expect(parseQuery('MATCH (a:pull_request)-[r:REVIEWED_BY|AUTHORED_BY]->(b:user)')).toMatchObject({
      rel: { types: ['REVIEWED_BY', 'AUTHORED_BY'], direction: 'out' },
    });
    expect(parseQuery('MATCH (a:user)<-[:ASSIGNED_TO]-(b)')).toMatchObject({
      rel: { types: ['ASSIGNED_TO'], direction: 'in' },
    });
    expect(parseQuery('MATCH (a)--(b)')).toMatchObject({ rel: { types: [], direction: 'both' } });
  });

  it('PATH FROM ... TO ... with raw and quoted ids, MAX and LIMIT', () => {
    expect(parseQuery('PATH FROM user:ada@acme.test TO pull_request:acme/api#12')).toEqual({
      kind: 'path',
      from: { type: 'user', id: 'ada@acme.test' },
      to: { type: 'pull_request', id: 'acme/api#12' },
      maxDepth: undefined,
      limit: undefined,
    });
    expect(parseQuery("path from page:'Team notes' to issue:PAY-1 max 3 limit 2")).toMatchObject({
      from: { id: 'Team notes' },
      maxDepth: 3,
      limit: 2,
    });
  });

  it('names the position of every error', () => {
    expect(errorOf('')).toBe('Expected MATCH but found end of query at position 1');
    expect(errorOf('MATCH n:user')).toBe("Expected '(' but found 'n' at position 7");
    expect(errorOf('MATCH (n:user')).toBe("Expected ')' but found end of query at position 14");
    expect(errorOf('MATCH (n:robot)')).toBe("Unknown entity type 'robot' at position 10");
    expect(errorOf('MATCH (a)-[:OWNS]-(b)')).toBe("Unknown relationship type 'OWNS' at position 13");
    expect(errorOf("MATCH (n:user) WHERE m.id = 'x'")).toBe("Unknown variable 'm' at position 22");
    expect(errorOf('MATCH (n:user) WHERE n.id = ')).toBe(
      'Expected a value (a quoted string, a number, true, false or null) but found end of query at position 29',
    );
    expect(errorOf("MATCH (n:user) WHERE n.id = 'x")).toBe('Unterminated string at position 29');
    expect(errorOf('MATCH (n:user) LIMIT 0')).toBe('LIMIT must be an integer from 1 to 1000 at position 22');
    expect(errorOf('MATCH (n:user) DELETE n')).toBe("Unexpected 'DELETE' at position 16");
    expect(errorOf('MATCH (a)<-[:AUTHORED_BY]->(b)')).toBe('A relationship cannot point both ways at position 28');
    expect(errorOf('MATCH (n:user) WHERE n.name = #')).toBe("Unexpected character '#' at position 31");
    expect(errorOf('PATH FROM user: TO issue:X-1')).toMatch(/^Expected an entity id|at position/);
  });
});
