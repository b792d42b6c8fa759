import { PROPERTY_NAME, type FilterValue } from '../store/rows.js';
import { isEdgeType, type Direction, type EdgeType, type NodeType } from '../types.js';
import { describe, Lexer, QueryError, type Token } from './lexer.js';

/*
 * Grammar (keywords are case-insensitive):
 *   query     := match | path
 *   match     := MATCH node (rel node)? (WHERE cond (AND cond)*)? (RETURN IDENT (',' IDENT)*)? (LIMIT NUMBER)?
 *   node      := '(' IDENT? (':' TYPE)? ')'
 *   rel       := '-' bracket? '-' '>'?  |  '<' '-' bracket? '-'
 *   bracket   := '[' IDENT? (':' EDGE ('|' ':'? EDGE)*)? ']'
 *   cond      := IDENT '.' IDENT '=' literal
 *   literal   := STRING | '-'? NUMBER | true | false | null
 *   path      := PATH FROM ref TO ref (MAX NUMBER)? (LIMIT NUMBER)?
 *   ref       := TYPE ':' (STRING | raw characters up to whitespace)
 */

export interface NodePattern {
  variable?: string;
  type?: NodeType;
}

interface RelPattern {
  types: EdgeType[];
  /** Seen from the left node. */
  direction: Direction;
}

export interface WhereCondition {
  variable: string;
  /** `id` means the node id. */
  property: string;
  value: FilterValue;
}

export interface MatchQuery {
  kind: 'match';
  left: NodePattern;
  rel?: RelPattern;
  right?: NodePattern;
  where: WhereCondition[];
  limit?: number;
}

interface PathQuery {
  kind: 'path';
  from: { type: NodeType; id: string };
  to: { type: NodeType; id: string };
  maxDepth?: number;
  limit?: number;
}

export type GraphQuery = MatchQuery | PathQuery;

const MAX_QUERY_LIMIT = 1000;
const MAX_PATH_DEPTH = 10;

/** Parses a query into its AST, or throws a QueryError naming the position (of an unknown node type too). */
export function parseQuery(text: string, nodeTypes: ReadonlySet<string>): GraphQuery {
  return new Parser(text, nodeTypes).query();
}

class Parser {
  private readonly lexer: Lexer;

  constructor(
    text: string,
    private readonly nodeTypes: ReadonlySet<string>,
  ) {
    this.lexer = new Lexer(text);
  }

  query(): GraphQuery {
    const first = this.lexer.peek();
    const query = first.kind === 'keyword' && first.value === 'PATH' ? this.path() : this.match();
    const rest = this.lexer.peek();
    if (rest.kind !== 'eof') this.fail(`Unexpected ${describe(rest)}`, rest);
    return query;
  }

  private match(): MatchQuery {
    this.keyword('MATCH');
    const left = this.node();
    let rel: RelPattern | undefined;
    let right: NodePattern | undefined;
    if (this.atPunct('-') || this.atPunct('<')) {
      rel = this.rel();
      right = this.node();
    }
    const variables = new Set([left.variable, right?.variable].filter((v): v is string => !!v));
    const where: WhereCondition[] = [];
    if (this.acceptKeyword('WHERE')) {
      do where.push(this.condition(variables));
      while (this.acceptKeyword('AND'));
    }
    if (this.acceptKeyword('RETURN')) {
      do {
        const name = this.expect('ident', 'a variable name');
        if (!variables.has(name.value)) this.fail(`Unknown variable '${name.value}'`, name);
      } while (this.acceptPunct(','));
    }
    return { kind: 'match', left, rel, right, where, limit: this.limit() };
  }

  private path(): PathQuery {
    this.keyword('PATH');
    this.keyword('FROM');
    const from = this.ref();
    this.keyword('TO');
    const to = this.ref();
    const maxDepth = this.acceptKeyword('MAX') ? this.integer(1, MAX_PATH_DEPTH, 'MAX') : undefined;
    return { kind: 'path', from, to, maxDepth, limit: this.limit() };
  }

  private limit(): number | undefined {
    return this.acceptKeyword('LIMIT') ? this.integer(1, MAX_QUERY_LIMIT, 'LIMIT') : undefined;
  }

  private node(): NodePattern {
    this.punct('(');
    const pattern: NodePattern = {};
    if (this.lexer.peek().kind === 'ident') pattern.variable = this.lexer.next().value;
    if (this.acceptPunct(':')) pattern.type = this.nodeType();
    this.punct(')');
    return pattern;
  }

  private rel(): RelPattern {
    const incoming = this.acceptPunct('<');
    this.punct('-');
    const types = this.atPunct('[') ? this.bracket() : [];
    this.punct('-');
    const outgoing = this.acceptPunct('>');
    if (incoming && outgoing) this.fail('A relationship cannot point both ways', this.lexer.peek());
    return { types, direction: incoming ? 'in' : outgoing ? 'out' : 'both' };
  }

  private bracket(): EdgeType[] {
    this.punct('[');
    if (this.lexer.peek().kind === 'ident') this.lexer.next();
    const types: EdgeType[] = [];
    if (this.acceptPunct(':')) {
      do {
        this.acceptPunct(':');
        const token = this.expect('ident', 'a relationship type');
        if (!isEdgeType(token.value)) this.fail(`Unknown relationship type '${token.value}'`, token);
        types.push(token.value);
      } while (this.acceptPunct('|'));
    }
    this.punct(']');
    return types;
  }

  private condition(variables: Set<string>): WhereCondition {
    const variable = this.expect('ident', 'a variable name');
    if (!variables.has(variable.value)) this.fail(`Unknown variable '${variable.value}'`, variable);
    this.punct('.');
    const property = this.expect('ident', 'a property name');
    if (!PROPERTY_NAME.test(property.value)) this.fail(`Invalid property name '${property.value}'`, property);
    this.punct('=');
    return { variable: variable.value, property: property.value, value: this.literal() };
  }

  private literal(): FilterValue {
    const token = this.lexer.next();
    if (token.kind === 'string') return token.value;
    if (token.kind === 'number') return Number(token.value);
    if (token.kind === 'punct' && token.value === '-' && this.lexer.peek().kind === 'number')
      return -Number(this.lexer.next().value);
    if (token.kind === 'ident') {
      const word = token.value.toLowerCase();
      if (word === 'true' || word === 'false') return word === 'true';
      if (word === 'null') return null;
    }
    return this.fail(
      `Expected a value (a quoted string, a number, true, false or null) but found ${describe(token)}`,
      token,
    );
  }

  private ref(): { type: NodeType; id: string } {
    const type = this.nodeType();
    this.punct(':');
    return { type, id: this.lexer.readId().value };
  }

  private nodeType(): NodeType {
    const token = this.expect('ident', 'an entity type');
    if (!this.nodeTypes.has(token.value)) this.fail(`Unknown entity type '${token.value}'`, token);
    return token.value;
  }

  private integer(min: number, max: number, what: string): number {
    const token = this.expect('number', `a number after ${what}`);
    const value = Number(token.value);
    if (!Number.isInteger(value) || value < min || value > max)
      this.fail(`${what} must be an integer from ${min} to ${max}`, token);
    return value;
  }

  private keyword(word: string): void {
    const token = this.lexer.next();
    if (token.kind !== 'keyword' || token.value !== word)
      this.fail(`Expected ${word} but found ${describe(token)}`, token);
  }

  private acceptKeyword(word: string): boolean {
    const token = this.lexer.peek();
    if (token.kind !== 'keyword' || token.value !== word) return false;
    this.lexer.next();
    return true;
  }

  private atPunct(ch: string): boolean {
    const token = this.lexer.peek();
    return token.kind === 'punct' && token.value === ch;
  }

  private acceptPunct(ch: string): boolean {
    if (!this.atPunct(ch)) return false;
    this.lexer.next();
    return true;
  }

  private punct(ch: string): void {
    const token = this.lexer.next();
    if (token.kind !== 'punct' || token.value !== ch) this.fail(`Expected '${ch}' but found ${describe(token)}`, token);
  }

  private expect(kind: Token['kind'], what: string): Token {
    const token = this.lexer.next();
    if (token.kind !== kind) this.fail(`Expected ${what} but found ${describe(token)}`, token);
    return token;
  }

  private fail(message: string, token: Token): never {
    throw new QueryError(message, token.start + 1);
  }
}
