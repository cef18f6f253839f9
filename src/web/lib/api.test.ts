import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage, getQueryFn, queryClient, throwIfResNotOk } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('throwIfResNotOk', () => {
  it('raises `STATUS: body` for a non-OK response', async () => {
    await expect(throwIfResNotOk(new Response('{"message":"Nope"}', { status: 409 }))).rejects.toThrow(
      '409: {"message":"Nope"}',
    );
  });
  it('falls back to the status text when the body is empty', async () => {
    const res = new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('503: Service Unavailable');
  });
  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('extracts the server message or error field', () => {
    expect(errorMessage(new Error('401: {"message":"Invalid username or password"}'), 'Login failed')).toBe(
      'Invalid username or password',
    );
    expect(errorMessage(new Error('400: {"error":"Bad key"}'), 'x')).toBe('Bad key');
    expect(errorMessage(new Error('500: plain text'), 'x')).toBe('plain text');
    expect(errorMessage('not an error', 'Fallback')).toBe('Fallback');
  });
});

describe('getQueryFn', () => {
  const call = (fn: ReturnType<typeof getQueryFn>, key: string[]) =>
    fn({ queryKey: key, signal: new AbortController().signal, meta: undefined } as never);

  it('GETs the query key joined with `/`, with credentials', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(getQueryFn({ on401: 'throw' }), ['/api/upload', '7', 'status'])).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/upload/7/status', { credentials: 'include' });
  });
  it('turns a 401 into null with on401 returnNull, and throws otherwise', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(call(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).resolves.toBeNull();
    await expect(call(getQueryFn({ on401: 'throw' }), ['/api/user'])).rejects.toThrow('401: ');
  });
});

describe('queryClient defaults', () => {
  it('never retries, never goes stale and does not refetch on focus', () => {
    const q = queryClient.getDefaultOptions().queries;
    expect(q?.retry).toBe(false);
    expect(q?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(q?.refetchOnWindowFocus).toBe(false);
  });
});
