import type { Config } from '../config';
import { createVerifier, type Verifier, verifierOptionsFromEnv } from '../verification';

// One engine instance per upload per process, shared by the lanes working that upload here: DNS
// answers, catch-all probes and the per-host connection limits then hold across its batches.
const open = new Map<string, { verifier: Verifier; refs: number }>();

export function acquireVerifier(uploadId: string, config: Config): Verifier {
  let entry = open.get(uploadId);
  if (!entry) {
    entry = { verifier: createVerifier(verifierOptionsFromEnv(config)), refs: 0 };
    open.set(uploadId, entry);
  }
  entry.refs++;
  return entry.verifier;
}

export async function releaseVerifier(uploadId: string): Promise<void> {
  const entry = open.get(uploadId);
  if (!entry) return;
  entry.refs--;
  if (entry.refs > 0) return;
  open.delete(uploadId);
  await entry.verifier.close();
}
