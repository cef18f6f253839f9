import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { CleanedData, CleanedRow } from '../../../shared/scraper';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { type Model, modelFromConfig, structuredChat } from '../ai';
import {
  type CleanInput,
  type CleanOutput,
  cleanProfileHeuristic,
  simplifyCompany,
} from './clean-heuristics';
import { isPlausibleEmail } from './emails';
import { type CleanedRecord, type ScrapeProfileRow, scrapeProfiles } from './schema';

// AI data cleaning of a job's profiles: the model when configured (in batches, JSON schema), the
// heuristics otherwise or when the model fails. Results are stored per profile with a hash of their
// input, so opening the dialog again or downloading the CSV does not pay for the model twice.

export const CLEAN_BATCH = 20;

const modelAnswer = z.object({
  profiles: z.array(
    z.object({
      id: z.string(),
      cleanedFullName: z.string().max(120).describe("The person's name, or empty for a business account"),
      cleanedCompany: z
        .string()
        .max(160)
        .describe('Simplified company name without legal suffixes, or empty'),
      isBusiness: z.boolean(),
    }),
  ),
});

const SYSTEM = `You clean Instagram profile data for cold-email outreach. For each profile decide whether it is a
person or a business. cleanedFullName: the person's real name with normal capitalisation, without emojis,
titles (Dr., Coach), credentials, pronouns, handles or job titles; empty for a business account.
cleanedCompany: the company or brand, simplified (drop LLC, Inc, Ltd, GmbH, Co. and similar), from the name
("Name | Company") or the bio ("Founder of X"); empty when none is stated. Never invent data. Answer for
every id given.`;

const hashInput = (i: CleanInput) =>
  createHash('sha256').update(JSON.stringify(i)).digest('hex').slice(0, 16);

const inputOf = (row: ScrapeProfileRow): CleanInput => ({
  fullName: row.profile.fullName,
  username: row.username,
  bio: row.profile.bio,
});

async function cleanWithModel(model: Model, batch: ScrapeProfileRow[]): Promise<Map<string, CleanOutput>> {
  const answer = await structuredChat({
    model,
    system: SYSTEM,
    user: JSON.stringify(batch.map((r) => ({ id: r.id, ...inputOf(r) }))),
    name: 'cleaned_profiles',
    parse: modelAnswer,
  });
  const out = new Map<string, CleanOutput>();
  for (const p of answer.profiles) {
    out.set(p.id, {
      cleanedFullName: p.cleanedFullName.trim(),
      cleanedCompany: simplifyCompany(p.cleanedCompany),
      isBusiness: p.isBusiness,
    });
  }
  return out;
}

/** Cleans what is not cleaned yet (or changed since) and stores it. */
export async function ensureCleaned(opts: { db: Db; config: Config; rows: ScrapeProfileRow[] }) {
  const model = modelFromConfig(opts.config);
  const todo = opts.rows.filter((r) => r.cleaned?.inputHash !== hashInput(inputOf(r)));
  for (let i = 0; i < todo.length; i += CLEAN_BATCH) {
    const batch = todo.slice(i, i + CLEAN_BATCH);
    let fromModel = new Map<string, CleanOutput>();
    if (model) {
      try {
        fromModel = await cleanWithModel(model, batch);
      } catch {
        fromModel = new Map(); // Malformed answer, refusal or outage: the heuristics take this batch.
      }
    }
    for (const row of batch) {
      const m = fromModel.get(row.id);
      const cleaned: CleanedRecord = {
        ...(m ?? cleanProfileHeuristic(inputOf(row))),
        source: m ? 'model' : 'heuristics',
        inputHash: hashInput(inputOf(row)),
      };
      row.cleaned = cleaned;
      await opts.db.update(scrapeProfiles).set({ cleaned }).where(eq(scrapeProfiles.id, row.id));
    }
  }
  return opts.rows;
}

export function toCleanedRow(row: ScrapeProfileRow): CleanedRow {
  const email = (row.email || row.profile.email || '').trim();
  return {
    cleanedFullName: row.cleaned?.cleanedFullName ?? '',
    cleanedEmail: email.toLowerCase(),
    cleanedCompany: row.cleaned?.cleanedCompany ?? '',
    fullName: row.profile.fullName,
    email,
    username: row.username,
    followersCount: row.profile.followersCount,
    isComplete: row.profileScraped,
  };
}

/** The dialog's data (cleaned data response). Cleaned: rows with a usable address, one per address. */
export async function cleanJobData(opts: {
  db: Db;
  config: Config;
  rows: ScrapeProfileRow[];
}): Promise<CleanedData> {
  const rows = await ensureCleaned(opts);
  const all = rows.map(toCleanedRow);
  const partial = all.filter((r) => !r.isComplete);
  const full = all.filter((r) => r.isComplete);
  const seen = new Set<string>();
  const cleaned = all.filter((r) => {
    if (!r.cleanedEmail || !isPlausibleEmail(r.cleanedEmail) || seen.has(r.cleanedEmail)) return false;
    seen.add(r.cleanedEmail);
    return true;
  });
  return {
    stats: {
      totalProfiles: all.length,
      withEmail: all.filter((r) => r.email).length,
      partialData: partial.length,
      fullData: full.length,
    },
    partial,
    full,
    cleaned,
    cleanedBy: rows.some((r) => r.cleaned?.source === 'model') ? 'model' : 'heuristics',
  };
}
