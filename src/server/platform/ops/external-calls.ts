// Counts calls to third-party APIs for /metrics. The clients live deep in features (one per provider) and
// are made per request; a process-wide hook set once at boot reaches them all without threading a
// metrics object through every domain function (the verification engine's observer works the same way).

export type ExternalService = 'smartlead' | 'apify';
type Observer = (service: ExternalService, outcome: 'ok' | 'error') => void;

let observer: Observer | null = null;

export function setExternalCallObserver(o: Observer | null): void {
  observer = o;
}

/** Counts one answered (ok) or failed (error: an error status or no answer) call to a provider. */
export function recordExternalCall(service: ExternalService, outcome: 'ok' | 'error'): void {
  observer?.(service, outcome);
}

/** Runs one call to a provider and counts its outcome. */
export async function externalCall<T>(service: ExternalService, call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    recordExternalCall(service, 'ok');
    return result;
  } catch (err) {
    recordExternalCall(service, 'error');
    throw err;
  }
}
