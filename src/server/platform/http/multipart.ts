import { AppError } from './errors';

// A multipart body that breaks off before its closing boundary, or names no usable boundary, makes the
// parser (busboy, under @fastify/multipart) fail with a plain Error, at `req.file()` or in the middle of
// reading the file stream. Those are the client's broken request, not our failure: 400 on every route.
const PARSER_FAILURES = [
  /unexpected end of multipart data/i, // cut before the closing boundary (also "Part terminated early ...")
  /^Multipart: Boundary not found$/, // Content-Type multipart without a boundary parameter
  /^Boundary required$/,
  /^The needle cannot (be an empty|have a length bigger)/, // empty or over-long boundary
];
const PARSER_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION']);

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload was incomplete or malformed (the form data ended early or had no valid boundary), so nothing was saved. Please upload the file again.';

export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && PARSER_CODES.has(code)) return true;
  return PARSER_FAILURES.some((re) => re.test(err.message));
}
