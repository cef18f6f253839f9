import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EnableTwoFactorInput,
  type RecoveryCodes,
  recoveryCodesSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/two-factor';
import { apiJson } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const securityQueries = {
  twoFactor: () =>
    queryOptions<TwoFactorStatus>({
      queryKey: ['/api/account/two-factor'],
      meta: { schema: twoFactorStatusSchema },
    }),
};

const TWO_FACTOR = '/api/account/two-factor';
const securityCalls = {
  setup: () => apiJson(twoFactorSetupSchema, 'POST', `${TWO_FACTOR}/setup`),
  enable: (input: EnableTwoFactorInput) =>
    apiJson(recoveryCodesSchema, 'POST', `${TWO_FACTOR}/enable`, input),
  disable: (password: string) =>
    apiJson(twoFactorStatusSchema, 'POST', `${TWO_FACTOR}/disable`, { password }),
  newCodes: (password: string) =>
    apiJson(recoveryCodesSchema, 'POST', `${TWO_FACTOR}/recovery-codes`, { password }),
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
