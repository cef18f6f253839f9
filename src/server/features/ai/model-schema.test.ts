import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelJsonSchema } from './client';

describe('modelJsonSchema', () => {
  it('generates a strict structured-output schema from the zod schema that parses the answer', () => {
    const answer = z.object({
      items: z
        .array(z.object({ name: z.string().max(50).describe('A name'), note: z.string().nullable() }))
        .max(3),
    });
    expect(modelJsonSchema(answer)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          maxItems: 3,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'note'],
            properties: {
              name: { type: 'string', description: 'A name' },
              note: { type: ['string', 'null'] },
            },
          },
        },
      },
    });
  });
});
