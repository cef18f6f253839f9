import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/http/errors';

/** The file of a multipart field, read into memory and cut off past `maxBytes` (413, nothing stored). */
export async function readUpload(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
  /** What the 413 names, e.g. "The picture". */
  what = 'The logo',
): Promise<Buffer> {
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file || file.fieldname !== field) {
    file?.file.resume();
    throw badRequest(`Send the image in the form field "${field}".`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.file) chunks.push(chunk as Buffer);
  if (file.file.truncated) {
    throw new AppError('payload_too_large', `${what} may be ${maxBytes / 1024} KB at most.`);
  }
  return Buffer.concat(chunks);
}
