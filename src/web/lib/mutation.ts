/**
 * What a screen does once a change is done or refused (toasts, navigation, resetting its form). A
 * feature's mutation hook (its api.ts) owns the request and what it refreshes, and calls these after.
 */
export interface MutationCallbacks<T = unknown, V = void> {
  onSuccess?: (data: T, variables: V) => void;
  onError?: (err: Error, variables: V) => void;
  onSettled?: () => void;
}
