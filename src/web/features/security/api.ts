import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EnableTwoFactorInput,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../shared/two-factor';
import { apiRequest } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const securityQueries = {
  twoFactor: () => queryOptions<TwoFactorStatus>({ queryKey: ['/api/account/two-factor'] }),
};

const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

const securityCalls = {
  setup: () => json<TwoFactorSetup>(apiRequest('POST', '/api/account/two-factor/setup')),
  enable: (input: EnableTwoFactorInput) =>
    json<RecoveryCodes>(apiRequest('POST', '/api/account/two-factor/enable', input)),
  disable: (password: string) =>
    json<TwoFactorStatus>(apiRequest('POST', '/api/account/two-factor/disable', { password })),
  newCodes: (password: string) =>
    json<RecoveryCodes>(apiRequest('POST', '/api/account/two-factor/recovery-codes', { password })),
};

/** A new secret and QR code to scan; nothing changes until the first code is confirmed. */
export const useStartTwoFactor = (cb: MutationCallbacks<TwoFactorSetup> = {}) =>
  useMutation({ mutationFn: securityCalls.setup, ...cb });

function useRefreshTwoFactor() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: securityQueries.twoFactor().queryKey });
}

/** The first code from the app, with the password, turns two-factor sign-in on; the answer holds the recovery codes, once. */
export function useEnableTwoFactor(cb: MutationCallbacks<RecoveryCodes, EnableTwoFactorInput> = {}) {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: securityCalls.enable,
    ...cb,
    onSuccess: (r, input) => {
      refresh();
      cb.onSuccess?.(r, input);
    },
  });
}

/** Turning it off, or new recovery codes (null after turning off): both confirmed by the password. */
export function useTwoFactorWithPassword(
  cb: MutationCallbacks<RecoveryCodes | null, { action: 'disable' | 'codes'; password: string }> = {},
) {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: ({ action, password }: { action: 'disable' | 'codes'; password: string }) =>
      action === 'disable'
        ? securityCalls.disable(password).then(() => null)
        : securityCalls.newCodes(password),
    ...cb,
    onSuccess: (r, v) => {
      refresh();
      cb.onSuccess?.(r, v);
    },
  });
}
