import { describe, expect, it } from 'vitest';
import { formatAgent } from '../../src/cli/call/formatters/agent.js';
import { csvField, formatCsv } from '../../src/cli/call/formatters/csv.js';
import { formatOutput } from '../../src/cli/call/formatters/index.js';
import { recordsOf } from '../../src/cli/call/formatters/payload.js';
import { formatPlaintext } from '../../src/cli/call/formatters/plaintext.js';
import { formatXml, xmlEscape } from '../../src/cli/call/formatters/xml.js';

const envelope = (data: unknown) => ({
  success: true,
  data,
  meta: { tenant_id: 'acme', timestamp: '2026-01-01T00:00:00Z' },
});

const LIST = envelope({
  issues: [
    { number: 1, title: 'Plain', labels: [{ name: 'bug' }], closed_at: null },
    { number: 2, title: 'Comma, "quote"\nand a line', user: { login: 'ann' } },
  ],
  count: 2,
  pagination: { next_cursor: 'abc', has_more: true },
  note: null,
});

describe('payload shapes', () => {
  it('finds the one list of records of a list result, and leaves single records alone', () => {
    expect(recordsOf([{ a: 1 }])).toEqual({ records: [{ a: 1 }], rest: {} });
    expect(recordsOf({ issues: [], count: 0 })).toEqual({ name: 'issues', records: [], rest: { count: 0 } });
    expect(recordsOf({ items: [{ a: 1 }], tags: ['x'], pagination: { has_more: false } })?.name).toBe('items');
    expect(recordsOf({ number: 4, labels: [{ name: 'bug' }], assignees: [] })).toBeUndefined(); // an issue
    expect(recordsOf({ number: 4, labels: [{ name: 'bug' }] })).toBeUndefined(); // no list marker
    expect(recordsOf({ nodes: [{ a: 1 }], edges: [{ b: 2 }], count: 1 })).toBeUndefined(); // two lists
    expect(recordsOf('text')).toBeUndefined();
  });
});

describe('json', () => {
  it('is the whole response body, pretty-printed', () => {
    expect(formatOutput('json', { a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});

describe('agent', () => {
  it('prints the list extras on a # line, then one compact record per line, nulls left out', () => {
    expect(formatAgent(LIST)).toBe(
      [
        '# {"count":2,"pagination":{"next_cursor":"abc","has_more":true}}',
        '{"number":1,"title":"Plain","labels":[{"name":"bug"}]}',
        '{"number":2,"title":"Comma, \\"quote\\"\\nand a line","user":{"login":"ann"}}',
        '',
      ].join('\n'),
    );
  });

  it('prints a bare list without a # line, an object on one line, a string as is', () => {
    expect(formatAgent(envelope([{ a: 1 }, { a: null }]))).toBe('{"a":1}\n{}\n');
    expect(formatAgent(envelope({ id: 7, owner: { login: 'x', name: null } }))).toBe(
      '{"id":7,"owner":{"login":"x"}}\n',
    );
    expect(formatAgent(envelope('done'))).toBe('done\n');
    expect(formatAgent({ not: 'an envelope' })).toBe('{"not":"an envelope"}\n');
  });
});

describe('csv', () => {
  it('quotes by RFC 4180 only where needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
    expect(csvField(false)).toBe('false');
    expect(csvField({ k: 'v,w' })).toBe('"{""k"":""v,w""}"');
  });

  it('writes the records with a header from the union of their keys, CRLF line ends', () => {
    expect(formatCsv(LIST)).toBe(
      [
        'number,title,labels,closed_at,user',
        '1,Plain,"[{""name"":""bug""}]",,',
        '2,"Comma, ""quote""\nand a line",,,"{""login"":""ann""}"',
        '',
      ].join('\r\n'),
    );
  });

  it('writes a single object as one row and scalars as a value column', () => {
    expect(formatCsv(envelope({ id: 1, name: 'x' }))).toBe('id,name\r\n1,x\r\n');
    expect(formatCsv(envelope(['a', 'b,c']))).toBe('value\r\na\r\n"b,c"\r\n');
    expect(formatCsv(envelope({ items: [], count: 0 }))).toBe('');
  });
});

describe('xml', () => {
  it('escapes markup and quotes, and replaces characters XML cannot hold', () => {
    expect(xmlEscape(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
    expect(xmlEscape('bell\u0007 esc\u001b tab\t')).toBe('bell\uFFFD esc\uFFFD tab\t');
    expect(xmlEscape('lone \uD800 pair \uD83D\uDE00')).toBe('lone \uFFFD pair \uD83D\uDE00');
  });

  it('renders the body: fields as elements, list items as <item>, null marked, odd keys as <field name>', () => {
    expect(formatXml({ success: true, data: { 'a b': '<x>', tags: ['t1'], none: null, empty: [], '1st': 1 } })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<response>',
        '  <success>true</success>',
        '  <data>',
        '    <field name="a b">&lt;x&gt;</field>',
        '    <tags>',
        '      <item>t1</item>',
        '    </tags>',
        '    <none null="true"/>',
        '    <empty/>',
        '    <field name="1st">1</field>',
        '  </data>',
        '</response>',
        '',
      ].join('\n'),
    );
    expect(formatXml({ xmlns: 1 })).toContain('<field name="xmlns">1</field>');
  });
});

describe('plaintext', () => {
  it('prints the list extras, then one aligned block per record', () => {
    expect(formatPlaintext(LIST)).toBe(
      [
        'count:                  2',
        'pagination.next_cursor: abc',
        'pagination.has_more:    true',
        'note:',
        '',
        '[issues 1/2]',
        'number:        1',
        'title:         Plain',
        'labels.0.name: bug',
        'closed_at:',
        '',
        '[issues 2/2]',
        'number:     2',
        'title:      Comma, "quote"',
        '            and a line',
        'user.login: ann',
        '',
      ].join('\n'),
    );
  });

  it('prints an object as aligned lines, lists of scalars joined', () => {
    expect(formatPlaintext(envelope({ id: 7, topics: ['a', 'b'], owner: { login: 'x' }, tags: [] }))).toBe(
      'id:          7\ntopics:      a, b\nowner.login: x\ntags:        []\n',
    );
    expect(formatPlaintext(envelope({ items: [], count: 0 }))).toBe('count: 0\n\n(no items)\n');
  });
});
