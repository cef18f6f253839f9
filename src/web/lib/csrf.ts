import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/auth';

// Double-submit CSRF: the server sets a JS-readable cookie; every non-GET request echoes it in a header.

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let pending: Promise<string> | null = null;

// Returns the current token, fetching one from /api/csrf only when the cookie is absent.
// Concurrent callers share one fetch.
export async function getCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  pending ??= fetch('/api/csrf', { credentials: 'include' })
    .then(async (res) => {
      const body = (await res.json().catch(() => ({}))) as { csrfToken?: string };
      return readCookie(CSRF_COOKIE) ?? body.csrfToken ?? '';
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export async function csrfHeaders(method: string): Promise<Record<string, string>> {
  if (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD') return {};
  return { [CSRF_HEADER]: await getCsrfToken() };
}

// Multipart uploads (e.g. POST /api/upload with field csvFile): the browser sets the boundary,
// so no content-type here; credentials and the CSRF header are added like apiRequest does.
export async function uploadFormData(url: string, form: FormData, method = 'POST'): Promise<Response> {
  return fetch(url, {
    method,
    body: form,
    credentials: 'include',
    headers: await csrfHeaders(method),
  });
}
