import { createRequire } from 'node:module';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/server';

type AjvProvider = typeof import('@modelcontextprotocol/server/validators/ajv');

const requireHere = createRequire(import.meta.url);

/**
 * The SDK's Ajv validator, loaded when a schema is first validated (an elicitation's answer): importing
 * it evaluates all of Ajv and its formats, which a server start paid before its first tools/list though
 * most sessions never elicit. `getValidator` is synchronous, so the provider is required, not imported.
 */
export class LazyJsonSchemaValidator implements jsonSchemaValidator {
  private provider?: jsonSchemaValidator;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    this.provider ??= new (
      requireHere('@modelcontextprotocol/server/validators/ajv') as AjvProvider
    ).AjvJsonSchemaValidator();
    return this.provider.getValidator<T>(schema);
  }
}
