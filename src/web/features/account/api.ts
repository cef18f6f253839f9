import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type Account,
  accountSchema,
  type ForgotPasswordInput,
  type ResetCheck,
  type ResetInfo,
  type ResetPasswordInput,
  resetCheckSchema,
  resetInfoSchema,
  type SessionInfo,
  sessionListSchema,
} from '../../../shared/account';
import { apiRequest, queryClient, throwIfResNotOk } from '../../lib/api';
import { USER_KEY } from '../../lib/auth';
import { uploadFormData } from '../../lib/csrf';
import { failureToast, toast } from '../../lib/toast';

export const accountQueries = {
  account: () => queryOptions<Account>({ queryKey: ['/api/account'], meta: { schema: accountSchema } }),
  sessions: () =>
    queryOptions<SessionInfo[]>({ queryKey: ['/api/account/sessions'], meta: { schema: sessionListSchema } }),
  resetInfo: () =>
    queryOptions<ResetInfo>({ queryKey: ['/api/password-reset'], meta: { schema: resetInfoSchema } }),
  resetCheck: (token: string) =>
    queryOptions<ResetCheck>({
      queryKey: [`/api/password-reset/check?token=${encodeURIComponent(token)}`],
      meta: { schema: resetCheckSchema },
      retry: false,
    }),
};

/** The account and the signed-in user (the top bar's name, picture and address) are read again. */
export const refreshAccount = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueries.account().queryKey }),
    queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
    queryClient.invalidateQueries({ queryKey: USER_KEY }),
  ]);

/** An account change: the request, then a toast and a refresh; failures say the server's sentence. */
export function useAccountAction<T, R = unknown>(opts: {
  request: (input: T) => Promise<R>;
  success?: string;
  failure: string;
  onDone?: (result: R, input: T) => void;
}) {
  return useMutation({
    mutationFn: opts.request,
    onSuccess: async (result, input) => {
      if (opts.success) toast({ title: opts.success, variant: 'success' });
      opts.onDone?.(result, input);
      await refreshAccount();
    },
    onError: failureToast(opts.failure),
  });
}

export const accountCall = async <R>(method: string, url: string, body?: unknown): Promise<R> =>
  (await apiRequest(method, url, body)).json() as Promise<R>;

/** The picture, as multipart (the CSRF header added like apiRequest's). */
export async function uploadAvatar(file: File): Promise<Account> {
  const form = new FormData();
  form.append('avatar', file);
  const res = await uploadFormData('/api/account/avatar', form);
  await throwIfResNotOk(res);
  return res.json() as Promise<Account>;
}

/** Asks for a reset link; the answer is the same sentence whether the address has an account or not. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      accountCall<{ message: string }>('POST', '/api/password-reset', input),
  });

/** A new password through the mailed link (`token`); every session of the account ends. */
export const useConfirmPasswordReset = (token: string) =>
  useMutation({
    mutationFn: (input: Omit<ResetPasswordInput, 'token'>) =>
      accountCall<{ message: string }>('POST', '/api/password-reset/confirm', { ...input, token }),
  });

/** The new address, confirmed by the mailed link (`token`); the account is read again. */
export const useConfirmEmailChange = (token: string) =>
  useMutation({
    mutationFn: () => accountCall<Account>('POST', '/api/account/email/confirm', { token }),
    onSuccess: () => refreshAccount(),
  });
