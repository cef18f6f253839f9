import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type Account,
  accountSchema,
  type ChangeEmailInput,
  changeEmailResultSchema,
  type changePasswordSchema,
  type ForgotPasswordInput,
  forgotPasswordResultSchema,
  type ResetCheck,
  type ResetInfo,
  type ResetPasswordInput,
  resetCheckSchema,
  resetInfoSchema,
  type SessionInfo,
  sessionListSchema,
  signedOutSchema,
  type UpdateProfileInput,
} from '../../../shared/account';
import { messageSchema } from '../../../shared/auth';
import { apiJson, checkResponse, queryClient, throwIfResNotOk } from '../../lib/api';
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

/** The picture, as multipart (the CSRF header added like apiRequest's). */
async function uploadAvatar(file: File): Promise<Account> {
  const form = new FormData();
  form.append('avatar', file);
  const url = '/api/account/avatar';
  const res = await uploadFormData(url, form);
  await throwIfResNotOk(res);
  return checkResponse(accountSchema, url, await res.json());
}

type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
const ACCOUNT = '/api/account';

/** The account's changes, for useAccountAction; each answer is checked against its shared schema. */
export const accountCalls = {
  updateProfile: (v: UpdateProfileInput) => apiJson(accountSchema, 'PATCH', ACCOUNT, v),
  uploadAvatar,
  removeAvatar: () => apiJson(accountSchema, 'DELETE', `${ACCOUNT}/avatar`),
  /** Every other session of the account ends; the answer says how many. */
  changePassword: (v: ChangePasswordInput) => apiJson(signedOutSchema, 'POST', `${ACCOUNT}/password`, v),
  /** The answer holds the confirmation link when the server sends no mail. */
  changeEmail: (v: ChangeEmailInput) => apiJson(changeEmailResultSchema, 'POST', `${ACCOUNT}/email`, v),
  deleteAccount: (password: string) => apiJson(messageSchema, 'POST', `${ACCOUNT}/delete`, { password }),
  endSession: (id: string) => apiJson(signedOutSchema, 'DELETE', `${ACCOUNT}/sessions/${id}`),
  endAllSessions: () => apiJson(signedOutSchema, 'POST', `${ACCOUNT}/sessions/end-all`, {}),
};

/** Asks for a reset link; the answer is the same sentence whether the address has an account or not. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiJson(forgotPasswordResultSchema, 'POST', '/api/password-reset', input),
  });

/** A new password through the mailed link (`token`); every session of the account ends. */
export const useConfirmPasswordReset = (token: string) =>
  useMutation({
    mutationFn: (input: Omit<ResetPasswordInput, 'token'>) =>
      apiJson(messageSchema, 'POST', '/api/password-reset/confirm', { ...input, token }),
  });

/** The new address, confirmed by the mailed link (`token`); the account is read again. */
export const useConfirmEmailChange = (token: string) =>
  useMutation({
    mutationFn: () => apiJson(accountSchema, 'POST', '/api/account/email/confirm', { token }),
    onSuccess: () => refreshAccount(),
  });
