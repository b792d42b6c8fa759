import type {
  AlignType,
  Blockquote,
  Heading,
  List,
  ListItem,
  Nodes,
  Parents,
  PhrasingContent,
  Root,
  Table,
  TableRow,
} from 'mdast';
import MarkdownIt, { type Token } from 'markdown-it';
import { phrasing } from './markdown-fast-inline.js';

/**
 * CommonMark + GFM through markdown-it (about 25 times faster than micromark on real pages), its token
 * stream rebuilt as the mdast micromark gives, so every converter reads one tree whichever parser made
 * it. Where the two differ by design (reference links arrive resolved, `~single~` tildes are not
 * strikethrough, table rows are padded to the header's width) the test corpus says so.
 */
const parser = new MarkdownIt('default', { html: true, linkify: true });
// mdast keeps a URL as written: no percent-encoding, and no scheme refused (the converters escape what they emit).
parser.normalizeLink = (url) => url;
parser.normalizeLinkText = (text) => text;
parser.validateLink = () => true;
parser.linkify.set({ fuzzyLink: false });
// Bare e-mail addresses link when their top-level domain is known (GFM links any): linkify knows the
// two-letter ones and the classic ones; these are the others teams commonly use, the reserved test names too.
const MORE_TOP_LEVEL_DOMAINS = ['dev', 'app', 'tech', 'cloud', 'team', 'email', 'company', 'xyz', 'site', 'online'];
parser.linkify.tlds([...MORE_TOP_LEVEL_DOMAINS, 'test', 'example', 'local', 'internal', 'localhost'], true);
// GFM links `www.` domains with any top-level domain (linkify's fuzzy links need a known one).
parser.linkify.add('www.', {
  validate: (text, pos) => wwwLinkLength(text.slice(pos)),
  normalize: (match) => {
    match.url = `http://${match.url}`;
  },
});

/** The length of a `www.` link's rest, without the trailing punctuation GFM leaves out (an unbalanced `)` too). */
function wwwLinkLength(rest: string): number {
  let link = /^[\w-]+(?:\.[\w-]+)*[^\s<>]*/.exec(rest)?.[0] ?? '';
  for (;;) {
    const trimmed = link.replace(/[?!.,:*_~'"]+$/, '');
    const unbalanced = trimmed.endsWith(')') && trimmed.split(')').length > trimmed.split('(').length;
    link = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (link === trimmed && !unbalanced) return /^[\w-]+\.[\w-]/.test(link) || /^[\w-]+$/.test(link) ? link.length : 0;
  }
}

const TASK_CHECK = /^\[([ xX])\][ \t]/;

interface Frame {
  node: Parents;
  /** Lists and items only: markdown-it's line range of each child block, for the blank lines that make them loose. */
  lines: [number, number][] | null;
}

/**
 * What one parse hands markdown-it as its env: markdown-it adds the link references it collects, the
 * flush rule below finds the tree to hand finished blocks to.
 */
interface ParseEnv {
  tree: TreeBuilder;
}

/**
 * A block rule that matches nothing: before each top-level block it hands the tokens of the blocks
 * finished so far to the tree and forgets them. On a large document the tokens then die young instead
 * of all living to the end of the parse, which is what the garbage collector's time went on.
 */
parser.block.ruler.before('table', 'mdast_flush', (state) => {
  if (state.level === 0 && state.tokens.length > 0) {
    (state.env as ParseEnv).tree.consume(state.tokens);
    state.tokens.length = 0;
  }
  return false;
});

/** Builds the block tree: a stack of open parents, each with the source lines of its children. */
class TreeBuilder {
  readonly root: Root = { type: 'root', children: [] };
  private readonly stack: Frame[] = [{ node: this.root, lines: null }];
  /**
   * Inline content waits for the end of the block parse, which collects the link references it may
   * use: each parent with its source, in pairs.
   */
  private readonly phrasing: (Parents | string)[] = [];
  /** Items whose first paragraph may start with a task check, read once their phrasing is built. */
  private readonly items: ListItem[] = [];
  /** The column alignment of the innermost table, which its header cells give. */
  private align: AlignType[] = [];

  constructor(private readonly lines: readonly string[]) {}

  private get top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  private add(node: Nodes, token: Token): void {
    const frame = this.top;
    (frame.node.children as Nodes[]).push(node);
    frame.lines?.push(token.map ? [token.map[0], token.map[1]] : [0, 0]);
  }

  private open(node: Parents, token: Token): void {
    this.add(node, token);
    this.stack.push({ node, lines: node.type === 'list' || node.type === 'listItem' ? [] : null });
  }

  private close(): void {
    const frame = this.stack.pop()!;
    if (frame.node.type === 'list') frame.node.spread = blankBetween(frame.lines!, this.lines);
    else if (frame.node.type === 'listItem') {
      frame.node.spread = blankBetween(frame.lines!, this.lines);
      if (frame.node.children[0]?.type === 'paragraph') this.items.push(frame.node);
    }
  }

  /** Rebuilds block tokens as mdast under the open parents. */
  consume(tokens: readonly Token[]): void {
    for (const token of tokens) {
      switch (token.type) {
        case 'paragraph_open':
          this.open({ type: 'paragraph', children: [] }, token);
          break;
        case 'heading_open':
          this.open({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] }, token);
          break;
        case 'blockquote_open':
          this.open({ type: 'blockquote', children: [] } satisfies Blockquote, token);
          break;
        case 'bullet_list_open':
        case 'ordered_list_open': {
          const ordered = token.type === 'ordered_list_open';
          const start = ordered ? Number(token.attrGet('start') ?? 1) : null;
          this.open({ type: 'list', ordered, start, spread: false, children: [] } satisfies List, token);
          break;
        }
        case 'list_item_open':
          this.open({ type: 'listItem', spread: false, checked: null, children: [] } satisfies ListItem, token);
          break;
        case 'table_open':
          this.align = [];
          this.open({ type: 'table', align: this.align, children: [] } satisfies Table, token);
          break;
        case 'tr_open':
          this.open({ type: 'tableRow', children: [] } satisfies TableRow, token);
          break;
        case 'th_open':
        case 'td_open': {
          if (token.type === 'th_open') this.align.push(alignOf(token));
          this.open({ type: 'tableCell', children: [] }, token);
          break;
        }
        case 'paragraph_close':
        case 'heading_close':
        case 'blockquote_close':
        case 'bullet_list_close':
        case 'ordered_list_close':
        case 'list_item_close':
        case 'table_close':
        case 'tr_close':
        case 'th_close':
        case 'td_close':
          this.close();
          break;
        case 'inline':
          this.phrasing.push(this.top.node, token.content);
          break;
        case 'fence': {
          const info = token.info.trim();
          const space = info.search(/\s/);
          const lang = space === -1 ? info : info.slice(0, space);
          const meta = space === -1 ? '' : info.slice(space).trim();
          this.add(
            { type: 'code', lang: lang || null, meta: meta || null, value: withoutFinalNewline(token.content) },
            token,
          );
          break;
        }
        case 'code_block':
          this.add({ type: 'code', lang: null, meta: null, value: withoutFinalNewline(token.content) }, token);
          break;
        case 'hr':
          this.add({ type: 'thematicBreak' }, token);
          break;
        case 'html_block':
          this.add({ type: 'html', value: token.content.replace(/\n+$/, '') }, token);
          break;
        default:
          // thead/tbody wrappers: mdast has rows only.
          break;
      }
    }
  }

  /** Parses the inline content the blocks held, once every link reference is known, and reads task checks. */
  finish(env: ParseEnv): Root {
    // One core state and one inline token serve every inline source in turn.
    const core = new parser.core.State('', parser, env);
    const inline = new core.Token('inline', '', 0);
    core.tokens.push(inline);
    for (let i = 0; i < this.phrasing.length; i += 2) {
      inline.content = this.phrasing[i + 1] as string;
      inline.children = [];
      parser.core.process(core);
      phrasing(inline.children, (this.phrasing[i] as Parents).children as PhrasingContent[]);
    }
    for (const item of this.items) readTaskCheck(item);
    return this.root;
  }
}

/** What markdown-it's first core rule does to the source: `\n` line endings, no NUL characters. */
const normalized = (markdown: string): string => markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');

// The whole source is normalized once and its blocks parsed by parser.block directly: the core chain
// runs only the rules that read inline content (inline, linkify, text_join).
parser.core.ruler.disable(['normalize', 'block']);

export function parseWithMarkdownIt(markdown: string): Root {
  const source = normalized(markdown);
  const env: ParseEnv = { tree: new TreeBuilder(source.split('\n')) };
  const tokens: Token[] = [];
  parser.block.parse(source, parser, env, tokens);
  env.tree.consume(tokens);
  return env.tree.finish(env);
}

function alignOf(token: Token): AlignType {
  const style = token.attrGet('style');
  if (!style) return null;
  return (style.slice(style.indexOf(':') + 1) as AlignType) ?? null;
}

const withoutFinalNewline = (text: string): string => (text.endsWith('\n') ? text.slice(0, -1) : text);

/** The last line of a block that is not blank (markdown-it's ranges may end with a blank line). */
function lastContentLine(range: [number, number], lines: readonly string[]): number {
  let line = range[1] - 1;
  while (line > range[0] && lines[line].trim() === '') line--;
  return line;
}

/** A blank source line between two sibling blocks makes their parent spread (loose), as micromark decides. */
function blankBetween(ranges: readonly [number, number][], lines: readonly string[]): boolean {
  for (let i = 1; i < ranges.length; i++) if (ranges[i][0] > lastContentLine(ranges[i - 1], lines) + 1) return true;
  return false;
}

/** `[x] ` at the start of an item's first paragraph makes it a task. */
function readTaskCheck(item: ListItem): void {
  const first = item.children[0];
  const head = first?.type === 'paragraph' ? first.children[0] : undefined;
  const check = head?.type === 'text' ? TASK_CHECK.exec(head.value) : null;
  if (!check || first?.type !== 'paragraph' || head?.type !== 'text') return;
  item.checked = check[1] !== ' ';
  head.value = head.value.slice(4);
  if (!head.value) first.children.shift();
}
