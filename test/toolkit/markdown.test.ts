import { describe, expect, it } from 'vitest';
import { parseMarkdown, printMarkdown } from '../../src/toolkit/markdown.js';

describe('Markdown dialect', () => {
  it('parses GitHub-flavoured tables, task lists and strikethrough into the tree', () => {
    const tree = parseMarkdown('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~gone~~');
    expect(tree.children.map((node) => node.type)).toEqual(['table', 'list', 'paragraph']);
    const list = tree.children[1];
    expect(list.type === 'list' && list.children.map((item) => item.checked)).toEqual([true, false]);
  });

  it.each([
    '# Title\n\nSome *bold* and _italic_ text with `code` and a [link](https://example.test).',
    '- one\n- two\n  - nested\n\n1. first\n2. second',
    '```ts\nconst x = 1;\n```',
    '| Name | Status |\n| ---- | ------ |\n| API  | Done   |',
    '> quoted\n\n---\n\n~~struck~~',
  ])('prints what it parses unchanged in its own style: %s', (markdown) => {
    const printed = printMarkdown(parseMarkdown(markdown));
    expect(printMarkdown(parseMarkdown(printed))).toBe(printed);
    expect(parseMarkdown(printed)).toMatchObject({ type: 'root' });
  });

  it('prints a stable style whatever the input spelled', () => {
    expect(printMarkdown(parseMarkdown('* a\n* b\n\n__strong__ *em*'))).toBe('- a\n- b\n\n**strong** _em_');
  });
});
