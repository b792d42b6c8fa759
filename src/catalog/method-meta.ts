/**
 * The wire shape of `GET /v1/meta` (spec: Method meta record): the server writes it from the method
 * table, the command-line client reads it. Types only: importing them loads nothing at run time, so
 * the client still loads no server module.
 */

export type MetaType = 'str' | 'int' | 'float' | 'bool' | 'json';

export interface MetaParam {
  name: string;
  type: MetaType;
  default: unknown;
  required: boolean;
  description?: string;
  enum?: unknown[];
}

export interface MetaMethod {
  name: string;
  /** Other names the method answers to (the specification's, where it is too long for hosts). */
  aliases?: string[];
  description: string;
  http_method: string;
  path: string;
  params: MetaParam[];
}

export interface MetaService {
  name: string;
  methods: MetaMethod[];
}

export interface Meta {
  services: MetaService[];
}
