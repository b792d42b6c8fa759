/**
 * The subset of JQL the sandbox answers: clauses `field op operand` joined by AND / OR / NOT with
 * parentheses, then `ORDER BY`. Strings in double or single quotes take backslash escapes as Jira does
 * (`\"`, `\'`, `\\`, `\n`, `\t`, `\r`, `\uXXXX`, and any other escaped character as itself). A query
 * outside the subset is a `JqlError`, which the routes answer with Jira's 400.
 */

export class JqlError extends Error {}

export type Value =
  | { type: 'string'; text: string }
  | { type: 'word'; text: string }
  | { type: 'function'; name: string; args: string[] };

export type Operand = { kind: 'value'; value: Value } | { kind: 'list'; values: Value[] } | { kind: 'empty' };

export type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~' | 'in' | 'not in' | 'is' | 'is not';

export type Condition =
  | { kind: 'and' | 'or'; items: Condition[] }
  | { kind: 'not'; item: Condition }
  | { kind: 'clause'; field: string; operator: Operator; operand: Operand };

interface OrderTerm {
  field: string;
  direction: 'asc' | 'desc';
}

export interface Query {
  where?: Condition;
  orderBy: OrderTerm[];
}

type Token =
  | { type: 'string'; text: string; at: number }
  | { type: 'word'; text: string; at: number }
  | { type: 'punct'; text: string; at: number }
  | { type: 'end'; text: string; at: number };

const PUNCT = ['!=', '>=', '<=', '!~', '=', '>', '<', '~', '(', ')', ',', '[', ']'];
/** Characters an unquoted word may hold (dates, keys, relative dates, emails, decimals). */
const WORD = /[A-Za-z0-9_.\-+@:/*]/;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const start = i++;
      let text = '';
      for (;;) {
        if (i >= input.length)
          throw new JqlError(`The quoted string starting at character ${start + 1} is not terminated.`);
        const ch = input[i++];
        if (ch === c) break;
        if (ch !== '\\') {
          text += ch;
          continue;
        }
        const next = input[i++];
        if (next === undefined) throw new JqlError(`The escape sequence at character ${i} is not terminated.`);
        if (next === 'u') {
          const hex = input.slice(i, i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JqlError(`'\\u${hex}' is an illegal JQL escape sequence.`);
          text += String.fromCharCode(Number.parseInt(hex, 16));
          i += 4;
        } else text += SIMPLE_ESCAPES[next] ?? next;
      }
      tokens.push({ type: 'string', text, at: start });
      continue;
    }
    const punct = PUNCT.find((p) => input.startsWith(p, i));
    if (punct) {
      tokens.push({ type: 'punct', text: punct, at: i });
      i += punct.length;
      continue;
    }
    if (WORD.test(c)) {
      const start = i;
      while (i < input.length && WORD.test(input[i])) i++;
      tokens.push({ type: 'word', text: input.slice(start, i), at: start });
      continue;
    }
    throw new JqlError(
      `The character '${c}' on line 1, position ${i + 1} is a reserved JQL character. You must enclose it in a string or use the escape '\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}' instead.`,
    );
  }
  tokens.push({ type: 'end', text: '<EOF>', at: input.length });
  return tokens;
}

const keyword = (token: Token, word: string): boolean => token.type === 'word' && token.text.toLowerCase() === word;

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.position + offset, this.tokens.length - 1)];
  }
  private take(): Token {
    return this.tokens[this.position++];
  }
  private fail(expected: string): never {
    const token = this.peek();
    throw new JqlError(`Expecting ${expected} but got '${token.text}'.`);
  }
  private expect(text: string): void {
    const token = this.peek();
    if (token.type !== 'punct' || token.text !== text) this.fail(`'${text}'`);
    this.position++;
  }

  query(): Query {
    const query: Query = { orderBy: [] };
    if (!keyword(this.peek(), 'order') && this.peek().type !== 'end') query.where = this.or();
    if (keyword(this.peek(), 'order')) {
      this.take();
      if (!keyword(this.peek(), 'by')) this.fail("'by'");
      this.take();
      do {
        const field = this.fieldName();
        let direction: 'asc' | 'desc' = 'asc';
        if (keyword(this.peek(), 'asc') || keyword(this.peek(), 'desc'))
          direction = this.take().text.toLowerCase() as 'asc' | 'desc';
        query.orderBy.push({ field, direction });
      } while (this.peek().type === 'punct' && this.peek().text === ',' && this.take());
    }
    if (this.peek().type !== 'end')
      this.fail(query.where || query.orderBy.length ? "either 'OR' or 'AND'" : 'a field name');
    return query;
  }

  private or(): Condition {
    const items = [this.and()];
    while (keyword(this.peek(), 'or')) {
      this.take();
      items.push(this.and());
    }
    return items.length === 1 ? items[0] : { kind: 'or', items };
  }

  private and(): Condition {
    const items = [this.not()];
    while (keyword(this.peek(), 'and')) {
      this.take();
      items.push(this.not());
    }
    return items.length === 1 ? items[0] : { kind: 'and', items };
  }

  private not(): Condition {
    if (keyword(this.peek(), 'not')) {
      this.take();
      return { kind: 'not', item: this.not() };
    }
    if (this.peek().type === 'punct' && this.peek().text === '(') {
      this.take();
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    return this.clause();
  }

  private fieldName(): string {
    const token = this.peek();
    if (token.type === 'string') return this.take().text;
    if (
      token.type !== 'word' ||
      ['and', 'or', 'not', 'order', 'by', 'empty', 'null', 'in', 'is'].includes(token.text.toLowerCase())
    )
      this.fail('a field name');
    this.take();
    if (token.text.toLowerCase() === 'cf' && this.peek().text === '[') {
      this.take();
      const id = this.take();
      if (id.type !== 'word' || !/^\d+$/.test(id.text))
        throw new JqlError(`Expecting a custom field id but got '${id.text}'.`);
      this.expect(']');
      return `cf[${id.text}]`;
    }
    return token.text;
  }

  private operator(): Operator {
    const token = this.peek();
    if (token.type === 'punct' && ['=', '!=', '>', '>=', '<', '<=', '~', '!~'].includes(token.text))
      return this.take().text as Operator;
    if (keyword(token, 'in')) {
      this.take();
      return 'in';
    }
    if (keyword(token, 'not') && keyword(this.peek(1), 'in')) {
      this.position += 2;
      return 'not in';
    }
    if (keyword(token, 'is')) {
      this.take();
      if (keyword(this.peek(), 'not')) {
        this.take();
        return 'is not';
      }
      return 'is';
    }
    if (keyword(token, 'was') || keyword(token, 'changed'))
      throw new JqlError(`The operator '${token.text.toUpperCase()}' is not supported by this site.`);
    return this.fail("operator such as '=', '!=', '<', '>', '<=', '>=', '~', '!~', 'IN', 'NOT IN', 'IS', 'IS NOT'");
  }

  private clause(): Condition {
    const field = this.fieldName();
    const operator = this.operator();
    return { kind: 'clause', field, operator, operand: this.operand(operator) };
  }

  private operand(operator: Operator): Operand {
    const token = this.peek();
    if (operator === 'is' || operator === 'is not') {
      if (keyword(token, 'empty') || keyword(token, 'null')) {
        this.take();
        return { kind: 'empty' };
      }
      this.fail("'EMPTY' or 'NULL'");
    }
    if (operator === 'in' || operator === 'not in') {
      if (token.type === 'word' && this.peek(1).text === '(' && token.text.toLowerCase() !== 'empty')
        return { kind: 'value', value: this.value() };
      this.expect('(');
      const values: Value[] = [];
      do values.push(this.value());
      while (this.peek().type === 'punct' && this.peek().text === ',' && this.take());
      this.expect(')');
      return { kind: 'list', values };
    }
    if (keyword(token, 'empty') || keyword(token, 'null')) {
      this.take();
      return { kind: 'empty' };
    }
    return { kind: 'value', value: this.value() };
  }

  private value(): Value {
    const token = this.peek();
    if (token.type === 'string') return { type: 'string', text: this.take().text };
    if (token.type !== 'word' || ['and', 'or', 'order'].includes(token.text.toLowerCase()))
      this.fail('either a value, an empty value or a function');
    this.take();
    if (this.peek().type === 'punct' && this.peek().text === '(') {
      this.take();
      const args: string[] = [];
      while (!(this.peek().type === 'punct' && this.peek().text === ')')) {
        const arg = this.take();
        if (arg.type === 'end' || arg.type === 'punct') throw new JqlError(`Expecting ')' but got '${arg.text}'.`);
        args.push(arg.text);
        if (this.peek().type === 'punct' && this.peek().text === ',') this.take();
      }
      this.take();
      return { type: 'function', name: token.text, args };
    }
    return { type: 'word', text: token.text };
  }
}

/** Parses a query; a syntax outside the subset throws `JqlError`. */
export function parseJql(input: string): Query {
  return new Parser(tokenize(input)).query();
}
