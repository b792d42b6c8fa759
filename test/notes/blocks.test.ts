import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToBlocks, requestBlock } from '../../tools/notes/blocks/from-markdown.js';
import { blocksToMarkdown } from '../../tools/notes/blocks/to-markdown.js';
import { RICH_TEXT_MAX, type RichText } from '../../tools/notes/blocks/types.js';
import { canonical, DOCUMENTS } from './documents.js';

const roundTrip = (markdown: string): string => blocksToMarkdown(markdownToBlocks(markdown));

describe('Markdown ↔ Notion blocks', () => {
  it.each(DOCUMENTS)('keeps a document whole through blocks and back: %s', (markdown) => {
    expect(roundTrip(markdown)).toBe(canonical(markdown));
  });

  it('maps Markdown to the block types Notion has', () => {
    const types = markdownToBlocks(
      '# A\n\ntext\n\n- b\n\n1. c\n\n- [ ] d\n\n```js\nx\n```\n\n> e\n\n---\n\n| f |\n| - |\n| g |',
    ).map((b) => b.type);
    expect(types).toEqual([
      'heading_1',
      'paragraph',
      'bulleted_list_item',
      'numbered_list_item',
      'to_do',
      'code',
      'quote',
      'divider',
      'table',
    ]);
    const [code] = markdownToBlocks('```js\nx\n```');
    expect(code.content.language).toBe('javascript');
    expect(markdownToBlocks('#### deep')[0].type).toBe('heading_3');
  });

  it('splits text longer than Notion’s 2,000 characters into several runs, never cutting it or a surrogate pair', () => {
    const long = `${'a'.repeat(RICH_TEXT_MAX - 1)}😀${'b'.repeat(2500)}`;
    const [paragraph] = markdownToBlocks(long);
    const runs = paragraph.content.rich_text as RichText[];
    expect(runs.length).toBe(3);
    for (const run of runs) expect(run.text?.content.length).toBeLessThanOrEqual(RICH_TEXT_MAX);
    expect(runs.map((r) => r.text?.content).join('')).toBe(long);
    expect(runs[0].text?.content.endsWith('a')).toBe(true);
  });

  it('sends nested children inside the request only to the depth asked for', () => {
    const [item] = markdownToBlocks('- a\n  - b\n    - c');
    const two = requestBlock(item, 2) as {
      bulleted_list_item: { children?: Array<{ bulleted_list_item: { children?: unknown } }> };
    };
    expect(two.bulleted_list_item.children).toHaveLength(1);
    expect(two.bulleted_list_item.children?.[0].bulleted_list_item.children).toBeUndefined();
  });

  // Generated documents: headings, styled paragraphs, nested lists, tasks, code, quotes, rules and tables.
  const word = fc.stringMatching(/^[A-Za-z][a-z]{0,7}$/);
  const words = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
  const styled = fc.oneof(
    words,
    words.map((w) => `**${w}**`),
    words.map((w) => `_${w}_`),
    words.map((w) => `\`${w}\``),
    fc.tuple(words, word).map(([w, path]) => `[${w}](https://example.test/${path})`),
    fc.tuple(words, words, word).map(([outer, inner, path]) => `**${outer} [${inner}](https://example.test/${path})**`),
    fc.tuple(words, words).map(([outer, inner]) => `_${outer} \`${inner}\`_`),
  );
  const paragraph = fc.array(styled, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
  const heading = fc
    .tuple(fc.integer({ min: 1, max: 3 }), words)
    .map(([level, text]) => `${'#'.repeat(level)} ${text}`);
  const list = fc
    .array(fc.tuple(words, fc.array(words, { maxLength: 3 })), { minLength: 1, maxLength: 4 })
    .map((items) => items.map(([top, nested]) => [`- ${top}`, ...nested.map((n) => `  - ${n}`)].join('\n')).join('\n'));
  const tasks = fc
    .array(fc.tuple(fc.boolean(), words), { minLength: 1, maxLength: 4 })
    .map((items) => items.map(([done, text]) => `- [${done ? 'x' : ' '}] ${text}`).join('\n'));
  const ordered = fc
    .array(words, { minLength: 1, maxLength: 4 })
    .map((items) => items.map((text, i) => `${i + 1}. ${text}`).join('\n'));
  const code = fc
    .tuple(
      fc.constantFrom('javascript', 'python', 'bash', 'sql', 'json'),
      fc.array(words, { minLength: 1, maxLength: 3 }),
    )
    .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``);
  const table = fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }))
    .chain(([columns, rows]) =>
      fc.array(fc.array(word, { minLength: columns, maxLength: columns }), {
        minLength: rows + 1,
        maxLength: rows + 1,
      }),
    )
    .map((rows) =>
      [
        `| ${rows[0].join(' | ')} |`,
        `| ${rows[0].map(() => '-').join(' | ')} |`,
        ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
      ].join('\n'),
    );
  const blockMarkdown = fc.oneof(
    paragraph,
    heading,
    list,
    tasks,
    ordered,
    code,
    table,
    words.map((w) => `> ${w}`),
    fc.constant('---'),
  );
  // Two lists of the same kind side by side are one list in Markdown: keep a paragraph between blocks.
  const document = fc
    .array(blockMarkdown, { minLength: 1, maxLength: 8 })
    .map((blocks) => blocks.join('\n\nSeparator.\n\n'));

  it('round-trips generated documents', () => {
    fc.assert(
      fc.property(document, (markdown) => {
        expect(roundTrip(markdown)).toBe(canonical(markdown));
      }),
      { numRuns: 300 },
    );
  });
});
