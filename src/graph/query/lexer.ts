import { AppError } from '../../toolkit/errors.js';

/** Tokens of the graph query language (a small Cypher-like syntax; see parser.ts for the grammar). */
type TokenKind = 'keyword' | 'ident' | 'string' | 'number' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Keywords upper-cased; strings unescaped; everything else as written. */
  value: string;
  /** 0-based offset of the token in the query text. */
  start: number;
}

const KEYWORDS = new Set(['MATCH', 'WHERE', 'AND', 'RETURN', 'LIMIT', 'PATH', 'FROM', 'TO', 'MAX']);
const PUNCT = new Set(['(', ')', '[', ']', ':', '.', '=', ',', '|', '-', '>', '<', '*']);

/** A syntax or meaning error in a query, with the (1-based) position it refers to. */
export class QueryError extends AppError {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super('VALIDATION_ERROR', `${message} at position ${position}`, { details: { position } });
    this.name = 'QueryError';
  }
}

export const describe = (token: Token): string => (token.kind === 'eof' ? 'end of query' : `'${token.value}'`);

/** An on-demand tokenizer: the parser peeks and takes tokens, and can read a raw id for `type:id` refs. */
export class Lexer {
  private pos = 0;
  private peeked: Token | undefined;

  constructor(readonly text: string) {}

  peek(): Token {
    this.peeked ??= this.scan();
    return this.peeked;
  }

  next(): Token {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  /**
   * The id part of a `type:id` reference: a quoted string, or the raw characters up to the next
   * whitespace (ids such as `acme/api#12` or `ada@acme.test` need no quotes).
   */
  readId(): Token {
    if (this.peeked) {
      this.pos = this.peeked.start;
      this.peeked = undefined;
    }
    this.skipSpace();
    const start = this.pos;
    const quote = this.text[this.pos];
    if (quote === "'" || quote === '"') return this.scanString(start);
    while (this.pos < this.text.length && !/\s/.test(this.text[this.pos])) this.pos++;
    if (this.pos === start) throw new QueryError('Expected an entity id', start + 1);
    return { kind: 'ident', value: this.text.slice(start, this.pos), start };
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private scan(): Token {
    this.skipSpace();
    const start = this.pos;
    if (start >= this.text.length) return { kind: 'eof', value: '', start };
    const ch = this.text[start];
    if (ch === "'" || ch === '"') return this.scanString(start);
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(start, start + 200));
    if (word) {
      this.pos += word[0].length;
      const upper = word[0].toUpperCase();
      return KEYWORDS.has(upper) ? { kind: 'keyword', value: upper, start } : { kind: 'ident', value: word[0], start };
    }
    const number = /^\d+(?:\.\d+)?/.exec(this.text.slice(start, start + 40));
    if (number) {
      this.pos += number[0].length;
      return { kind: 'number', value: number[0], start };
    }
    if (PUNCT.has(ch)) {
      this.pos++;
      return { kind: 'punct', value: ch, start };
    }
    throw new QueryError(`Unexpected character '${ch}'`, start + 1);
  }

  private scanString(start: number): Token {
    const quote = this.text[start];
    let value = '';
    let i = start + 1;
    for (; i < this.text.length && this.text[i] !== quote; i++) {
      if (this.text[i] === '\\' && i + 1 < this.text.length) i++;
      value += this.text[i];
    }
    if (i >= this.text.length) throw new QueryError('Unterminated string', start + 1);
    this.pos = i + 1;
    return { kind: 'string', value, start };
  }
}
