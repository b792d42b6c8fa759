import { describe, expect, it } from 'vitest';
import { LazyJsonSchemaValidator } from '../../src/mcp/lazy-validator.js';

describe('the JSON Schema validator that loads Ajv when first used', () => {
  const schema = {
    type: 'object',
    properties: { confirm: { type: 'boolean' }, reason: { type: 'string', format: 'email' } },
    required: ['confirm'],
  } as const;

  it('accepts what the schema allows and names what it refuses', () => {
    const validate = new LazyJsonSchemaValidator().getValidator<{ confirm: boolean }>(schema);
    expect(validate({ confirm: true })).toEqual({ valid: true, data: { confirm: true }, errorMessage: undefined });
    const refused = validate({ reason: 'not an address' });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toMatch(/confirm/);
    expect(refused.errorMessage).toMatch(/format "email"/);
  });
});
