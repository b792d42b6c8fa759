import type { Link, PhrasingContent } from 'mdast';
import type { Token } from 'markdown-it';

const GFM_LITERAL_LINK = /^(?:https?:\/\/|www\.|mailto:)/i;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;

type ParentPhrasing = { children: PhrasingContent[] };

/** Builds mdast phrasing from markdown-it's inline tokens, adjacent text (soft line breaks too) in one node. */
class PhrasingBuilder {
  private readonly stack: ParentPhrasing[];

  constructor(into: PhrasingContent[]) {
    this.stack = [{ children: into }];
  }

  push(node: PhrasingContent): void {
    this.stack[this.stack.length - 1].children.push(node);
  }

  text(value: string): void {
    const siblings = this.stack[this.stack.length - 1].children;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text') last.value += value;
    else siblings.push({ type: 'text', value });
  }

  open(node: PhrasingContent & ParentPhrasing): void {
    this.push(node);
    this.stack.push(node);
  }

  close(): void {
    this.stack.pop();
  }
}

/** Appends the phrasing of markdown-it's inline tokens to `into`. */
export function phrasing(tokens: readonly Token[], into: PhrasingContent[]): void {
  const out = new PhrasingBuilder(into);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    switch (token.type) {
      case 'text':
        if (token.content) out.text(token.content);
        break;
      case 'softbreak':
        out.text('\n');
        break;
      case 'hardbreak':
        out.push({ type: 'break' });
        break;
      case 'code_inline':
        out.push({ type: 'inlineCode', value: token.content });
        break;
      case 'html_inline':
        out.push({ type: 'html', value: token.content });
        break;
      case 'strong_open':
        out.open({ type: 'strong', children: [] });
        break;
      case 'em_open':
        out.open({ type: 'emphasis', children: [] });
        break;
      case 's_open':
        out.open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        if (token.markup === 'linkify' && !isGfmLiteral(tokens[i + 1])) {
          // GFM links bare `www.`, `http(s)://` and e-mail addresses only; linkify's other finds stay text.
          out.text(tokens[i + 1].content);
          i += 2;
        } else {
          const link: Link = {
            type: 'link',
            title: token.attrGet('title'),
            url: token.attrGet('href') ?? '',
            children: [],
          };
          out.open(link);
        }
        break;
      case 'image':
        out.push({
          type: 'image',
          title: token.attrGet('title'),
          url: token.attrGet('src') ?? '',
          alt: plainText(token.children ?? []),
        });
        break;
      case 'strong_close':
      case 'em_close':
      case 's_close':
      case 'link_close':
        out.close();
        break;
      default:
        break;
    }
  }
}

const isGfmLiteral = (text: Token | undefined): boolean =>
  text !== undefined && (GFM_LITERAL_LINK.test(text.content) || EMAIL.test(text.content));

/** What an image's alt text reads as: its text without markup. */
function plainText(tokens: readonly Token[]): string {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'softbreak') out += '\n';
    else if (token.type === 'image') out += plainText(token.children ?? []);
    else if (token.type === 'text' || token.type === 'code_inline') out += token.content;
  }
  return out;
}
