import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { csrfHeaders } from './csrf';

declare module '@tanstack/react-query' {
  interface Register {
    /** `schema`: the shared contract of the query's response (checked in development and tests). */
    queryMeta: { schema?: ZodType };
  }
}

// Responses are checked against their shared zod contract in development, in unit tests and in the
// browser journeys (their build uses `--mode test`), so a server that drifts from the contract fails
// there, loudly; production trusts the server and skips the parse. The data is returned as it came,
// so a check never changes what a screen gets.
const CHECK_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

export class ContractError extends Error {}

/** `data` as received, once it matches `schema` (where checks run and a schema is given). */
export function checkResponse<T>(
  schema: ZodType<T> | undefined,
  url: string,
  data: unknown,
  check = CHECK_RESPONSES,
): T {
  if (!check || !schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ContractError(
      `The response of ${url} does not match its contract: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return data as T;
}

// Any non-OK response raises `STATUS: body` (or the status text when the body is empty).
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

// JSON in, raw Response out, so callers can read the body shape they expect.
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...(await csrfHeaders(method)) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

// Pulls the server's `message` out of an `STATUS: {json}` error (the one error body), for toasts.
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return err.message || fallback;
  try {
    const parsed = JSON.parse(match[1]) as { message?: string };
    return parsed.message ?? fallback;
  } catch {
    return match[1] || fallback;
  }
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** JSON of a call through apiRequest, checked against the response's shared contract. */
export async function apiJson<T>(
  schema: ZodType<T>,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  return checkResponse(schema, url, await (await apiRequest(method, url, body)).json());
}

// Default loader: GET of the query key joined with `/`; the query's `meta.schema` checks the answer.
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, meta }) => {
    const url = queryKey.join('/');
    const res = await fetch(url, { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return checkResponse(meta?.schema as ZodType<T> | undefined, url, await res.json());
  };
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
