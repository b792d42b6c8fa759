import type { PhrasingContent } from 'mdast';
import { RICH_TEXT_MAX, type RichText } from './types.js';

type Annotations = NonNullable<RichText['annotations']>;

/** Appends text as runs Notion accepts, cut every 2,000 characters but never inside a surrogate pair. */
function appendRuns(out: RichText[], content: string, style: Annotations, url?: string): void {
  let start = 0;
  while (start < content.length) {
    let end = Math.min(content.length, start + RICH_TEXT_MAX);
    if (end < content.length && /[\uD800-\uDBFF]/.test(content[end - 1])) end -= 1;
    const part = start === 0 && end === content.length ? content : content.slice(start, end);
    out.push({ type: 'text', text: { content: part, link: url ? { url } : null }, annotations: { ...style } });
    start = end;
  }
}

/** Appends the rich text items of Markdown phrasing to `out`, one array for the whole tree of marks. */
function appendRichText(
  out: RichText[],
  nodes: readonly PhrasingContent[],
  annotations: Annotations,
  link: string | undefined,
): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        appendRuns(out, node.value, annotations, link);
        break;
      case 'inlineCode':
        appendRuns(out, node.value, { ...annotations, code: true }, link);
        break;
      case 'strong':
        appendRichText(out, node.children, { ...annotations, bold: true }, link);
        break;
      case 'emphasis':
        appendRichText(out, node.children, { ...annotations, italic: true }, link);
        break;
      case 'delete':
        appendRichText(out, node.children, { ...annotations, strikethrough: true }, link);
        break;
      case 'link':
        appendRichText(out, node.children, annotations, node.url);
        break;
      case 'break':
        appendRuns(out, '\n', annotations, link);
        break;
      case 'image':
        appendRuns(out, node.alt ?? node.url, annotations, node.url);
        break;
      default:
        if ('value' in node && typeof node.value === 'string') appendRuns(out, node.value, annotations, link);
        else if ('children' in node) appendRichText(out, node.children, annotations, link);
    }
  }
}

/** Rich text items of Markdown phrasing; a run longer than Notion's 2,000 characters is split, never cut. */
export function richText(nodes: readonly PhrasingContent[], annotations: Annotations = {}, link?: string): RichText[] {
  const out: RichText[] = [];
  appendRichText(out, nodes, annotations, link);
  return out;
}
