import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';
import { parseWithMarkdownIt } from './markdown-fast.js';

export type { Root as MarkdownTree } from 'mdast';

/**
 * The one Markdown dialect agents read and write through every system: CommonMark with GitHub's
 * extensions (tables, strikethrough, task lists, autolinks). Each upstream's rich text (Atlassian
 * Document Format, Confluence storage format, Notion blocks) converts to and from this syntax tree
 * (mdast), so parsing and printing Markdown happen here and nowhere else.
 */
export function parseMarkdown(markdown: string): Root {
  // Footnotes (`[^1]`) are the one GFM construct the fast parser lacks: such text takes micromark's path.
  return markdown.includes('[^') ? parseMarkdownWithPositions(markdown) : parseWithMarkdownIt(markdown);
}

/**
 * The same tree with every node's source position, from micromark (about 25 times slower): for
 * callers that slice the source by node.
 */
export function parseMarkdownWithPositions(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

const PRINT_OPTIONS: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  extensions: [gfmToMarkdown()],
};

/** Prints a syntax tree as Markdown in one stable style (`-` bullets, fenced code, `_em_`, `**strong**`). */
export function printMarkdown(tree: Root): string {
  return toMarkdown(tree, PRINT_OPTIONS).trimEnd();
}
