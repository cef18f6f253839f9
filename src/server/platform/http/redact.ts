import pino from 'pino';

// What request logs must never hold: secrets (API keys, tokens, passwords) and what users search for in
// their own data (search terms, keywords, addresses). Parameter names are compared decoded and without
// case, so `?Sear%63h=` is caught like `?search=`.
const PRIVATE_PARAM =
  /token|secret|passw|key|auth|signature|credential|session|^q$|search|query|^email$|^code$/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** A URL safe for logs: the values of private-looking query parameters replaced (`loggedUrl` does the path). */
export function redactUrl(rawUrl: string): string {
  // An invitation link's path is its secret (the web app's /invite/<token>).
  const url = rawUrl.replace(/^\/invite\/[^?#]+/, '/invite/[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return PRIVATE_PARAM.test(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** What the request log reads of a request (a Fastify request, or its raw form before routing). */
interface LoggedRequest {
  method: string;
  url: string;
  routeOptions?: { url?: string };
}

/**
 * The request's URL as logged: its route's pattern (`/api/suppressions/:email`), never the path's values
 * (an address, a token), then the query string redacted. A request no route matched keeps only its first
 * segment (two under /api/): whatever follows may be anything a person typed.
 */
export function loggedUrl(req: LoggedRequest): string {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const query = q < 0 ? '' : req.url.slice(q);
  const pattern = req.routeOptions?.url;
  if (pattern) return redactUrl(`${pattern}${query}`);
  const segments = path.split('/');
  const keep = segments[1] === 'api' ? 3 : 2;
  const kept = segments.length > keep ? `${segments.slice(0, keep).join('/')}/[unmatched]` : path;
  return redactUrl(`${kept}${query}`);
}

/**
 * Errors as logged: a failed database query's message and `params` carry the user's values (a search
 * term, an address), so the parameters are dropped; the SQL text (ours) stays for diagnosis.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

export function serializeError(err: Error): SerializedError {
  const out = pino.stdSerializers.err(err) as unknown as SerializedError;
  const strip = (s: string) =>
    typeof s === 'string' ? s.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]') : s;
  out.message = strip(out.message);
  out.stack = strip(out.stack);
  if ('params' in out) out.params = '[redacted]';
  return out;
}

/** Fastify logger options: level, optional destination (tests), and the redacting serializers. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: loggedUrl(req) }),
      err: serializeError,
    },
  };
}
