import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractError, checkResponse } from './api';

// The web client checks responses against their shared contract in development and tests.
describe('checkResponse', () => {
  const schema = z.object({ id: z.string(), total: z.number() });

  it('passes a matching response on as it came (fields the contract does not name included)', () => {
    const data = { id: 'a', total: 3, extra: true };
    expect(checkResponse(schema, '/api/x', data)).toBe(data);
  });

  it('fails a response that drifted from its contract, naming the call and the field', () => {
    expect(() => checkResponse(schema, '/api/x', { id: 'a', total: '3' })).toThrow(ContractError);
    expect(() => checkResponse(schema, '/api/x', { id: 'a', total: '3' })).toThrow(
      /The response of \/api\/x does not match its contract: total: /,
    );
  });

  it('checks nothing where checks are off (production) or no contract is given', () => {
    expect(checkResponse(schema, '/api/x', { bad: 1 }, false)).toEqual({ bad: 1 });
    expect(checkResponse(undefined, '/api/x', { bad: 1 })).toEqual({ bad: 1 });
  });
});
