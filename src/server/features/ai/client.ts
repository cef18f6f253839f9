import OpenAI from 'openai';
import { z } from 'zod';
import type { Config } from '../../platform/config';

// One OpenAI-compatible client (OpenAI itself, or a local server through OPENAI_BASE_URL). Optional:
// with no model configured every AI feature falls back to its heuristics.

export interface Model {
  client: OpenAI;
  model: string;
}

export function isModelConfigured(config: Config): boolean {
  return Boolean(config.OPENAI_MODEL && (config.OPENAI_API_KEY || config.OPENAI_BASE_URL));
}

export function modelFromConfig(config: Config): Model | null {
  if (!isModelConfigured(config)) return null;
  return {
    client: new OpenAI({
      // Local servers accept any key; the SDK insists on one.
      apiKey: config.OPENAI_API_KEY ?? 'not-needed',
      baseURL: config.OPENAI_BASE_URL,
      maxRetries: 1,
      timeout: 30_000,
    }),
    model: config.OPENAI_MODEL as string,
  };
}

/**
 * One chat completion with a JSON schema (structured output), parsed and validated. Throws on a
 * transport error, a refusal, non-JSON or a shape the schema rejects; callers fall back to heuristics.
 */
export async function structuredChat<T>(opts: {
  model: Model;
  system: string;
  user: string;
  name: string;
  /** Parses the answer; the JSON Schema the model must follow is generated from it. */
  parse: z.ZodType<T>;
}): Promise<T> {
  const res = await opts.model.client.chat.completions.create({
    model: opts.model.model,
    temperature: 0,
    messages: [
      { role: 'system', content: opts.system },
      { role: 'user', content: opts.user },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: opts.name, strict: true, schema: modelJsonSchema(opts.parse) },
    },
  });
  const content = res.choices[0]?.message?.content;
  if (!content) throw new Error('The model returned no content');
  return opts.parse.parse(JSON.parse(content));
}

/** Keywords OpenAI's strict structured output does not accept; the zod schema still checks them. */
const UNSUPPORTED = new Set(['$schema', 'maxLength', 'minLength']);

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).flatMap(([k, v]) => (UNSUPPORTED.has(k) ? [] : [[k, strip(v)]])),
  );
}

/** The JSON Schema of a model answer, generated from the zod schema that parses it (one source of truth). */
export function modelJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strip(z.toJSONSchema(schema, { io: 'output' })) as Record<string, unknown>;
}
