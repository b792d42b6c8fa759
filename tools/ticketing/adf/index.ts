import { parseMarkdown, printMarkdown } from '../../../src/toolkit/markdown.js';
import { mdastToAdf, type FromMdastOptions } from './from-mdast.js';
import { adfToMdast } from './to-mdast.js';
import { isAdfDoc, type AdfDoc } from './types.js';

export { adfToMdast } from './to-mdast.js';
export { mdastToAdf, type FromMdastOptions, type MentionTarget } from './from-mdast.js';
export { isAdfDoc, type AdfDoc, type AdfMark, type AdfNode } from './types.js';

/**
 * Rich text from Jira as Markdown: an ADF document is converted, a plain string (REST v2 style, or
 * a fake that stores text) passes through, and no value is null.
 */
export function adfToMarkdown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (!isAdfDoc(value)) return null;
  return printMarkdown(adfToMdast(value.content));
}

/** Markdown (or plain text, which is Markdown) as an ADF document for a description or comment. */
export function markdownToAdf(markdown: string, options: FromMdastOptions = {}): AdfDoc {
  return mdastToAdf(parseMarkdown(markdown), options);
}
