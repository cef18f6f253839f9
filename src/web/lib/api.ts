import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { csrfHeaders } from './csrf';

// SPEC §8: any non-OK response raises `STATUS: body` (or the status text when the body is empty).
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

// Pulls the server's `message` (or `error`) field out of an `STATUS: {json}` error, for toasts.
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return err.message || fallback;
  try {
    const parsed = JSON.parse(match[1]) as { message?: string; error?: string };
    return parsed.message ?? parsed.error ?? fallback;
  } catch {
    return match[1] || fallback;
  }
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

// Default loader: GET of the query key joined with `/`.
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
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
