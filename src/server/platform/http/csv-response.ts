import type { Readable } from 'node:stream';
import { z } from 'zod';

/**
 * The OpenAPI response of a route that sends a CSV file (a download): the body is text, not JSON, so
 * it is declared under `text/csv` and never goes through the JSON serializer.
 */
export function csvFileResponse(description: string) {
  return { description, content: { 'text/csv': { schema: z.string() } } };
}

// Any route's reply, whatever its response schemas make `send` accept: the body of a download (text or
// a stream) is sent as is, never through the JSON serializer.
interface CsvReply {
  header(name: string, value: string): CsvReply;
  send(payload: never): unknown;
}

/** Sends a CSV download (text or a stream): the file name for the browser, never cached. Return `reply` after. */
export function sendCsv(reply: CsvReply, opts: { body: string | Readable; disposition: string }): void {
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', opts.disposition)
    .header('Cache-Control', 'no-store')
    .send(opts.body as never);
}

/**
 * The Content-Disposition of a download named `fileName`: an ASCII fallback for old clients and the
 * exact UTF-8 name (RFC 6266) for the others.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
