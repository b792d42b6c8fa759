import type { PhrasingContent } from 'mdast';
import { RICH_TEXT_MAX, type RichText } from './types.js';

type Annotations = NonNullable<RichText['annotations']>;

/** Text cut into runs Notion accepts, never inside a surrogate pair. */
function chunks(content: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < content.length) {
    let end = Math.min(content.length, start + RICH_TEXT_MAX);
    if (end < content.length && /[\uD800-\uDBFF]/.test(content[end - 1])) end -= 1;
    parts.push(content.slice(start, end));
    start = end;
  }
  return parts;
}

/** Rich text items of Markdown phrasing; a run longer than Notion's 2,000 characters is split, never cut. */
export function richText(nodes: readonly PhrasingContent[], annotations: Annotations = {}, link?: string): RichText[] {
  const out: RichText[] = [];
  const run = (content: string, style: Annotations, url?: string) => {
    for (const part of chunks(content))
      out.push({ type: 'text', text: { content: part, link: url ? { url } : null }, annotations: { ...style } });
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        run(node.value, annotations, link);
        break;
      case 'inlineCode':
        run(node.value, { ...annotations, code: true }, link);
        break;
      case 'strong':
        out.push(...richText(node.children, { ...annotations, bold: true }, link));
        break;
      case 'emphasis':
        out.push(...richText(node.children, { ...annotations, italic: true }, link));
        break;
      case 'delete':
        out.push(...richText(node.children, { ...annotations, strikethrough: true }, link));
        break;
      case 'link':
        out.push(...richText(node.children, annotations, node.url));
        break;
      case 'break':
        run('\n', annotations, link);
        break;
      case 'image':
        run(node.alt ?? node.url, annotations, node.url);
        break;
      default:
        if ('value' in node && typeof node.value === 'string') run(node.value, annotations, link);
        else if ('children' in node) out.push(...richText(node.children, annotations, link));
    }
  }
  return out;
}
