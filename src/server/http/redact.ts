const SECRET_PARAMS = /([?&](?:api_key|apikey|token|key|secret|password)=)[^&#]*/gi;

/** A URL safe for logs: values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
