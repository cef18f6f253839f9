import { z } from 'zod';

// Environment values arrive as strings; an empty string (common in .env files) means "unset".
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const envString = () => z.preprocess(emptyToUndefined, z.string().optional());
/** A string with a default; `pattern` rejects anything else at boot. */
export const envText = (def: string, pattern?: RegExp) =>
  z.preprocess(emptyToUndefined, (pattern ? z.string().regex(pattern) : z.string()).default(def));
export const envUrlDefault = (def: string) => z.preprocess(emptyToUndefined, z.string().url().default(def));
export const envUrl = () => z.preprocess(emptyToUndefined, z.string().url().optional());
export const envInt = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(def));
export const envBool = (def: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );
