import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  type LoginInput,
  type RegisterInput,
  type SubscriptionStatus,
  subscriptionStatusSchema,
  type User,
  userSchema,
} from '../../shared/auth';
import { TRIAL_DAYS } from '../../shared/plans';
import { loginResultSchema } from '../../shared/two-factor';
import { apiJson, apiRequest, errorMessage, getQueryFn, queryClient } from './api';
import { safeNext } from './sign-in';
import { toast } from './toast';

export const USER_KEY = ['/api/user'] as const;

// A user is authenticated when GET /api/user returns data; 401 means signed out.
export function useAuth() {
  const { data, isLoading, error } = useQuery<User | null>({
    queryKey: USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    meta: { schema: userSchema },
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: Boolean(user), error };
}

// Only queried for a signed-in user.
export function useSubscriptionStatus(enabled: boolean) {
  return useQuery<SubscriptionStatus>({
    queryKey: ['/api/subscription-status'],
    enabled,
    meta: { schema: subscriptionStatusSchema },
  });
}

/** What POST /api/login answers: the user, or a request for the second factor (two-factor sign-in). */
export type LoginResult = User | { twoFactorRequired: true };
export const needsSecondFactor = (r: LoginResult | undefined): r is { twoFactorRequired: true } =>
  Boolean(r && 'twoFactorRequired' in r);

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput): Promise<LoginResult> =>
      apiJson(loginResultSchema, 'POST', '/api/login', input),
    onSuccess: async (result) => {
      if (!needsSecondFactor(result)) await signedIn(result);
    },
    onError: (err) => {
      toast({
        title: 'Login Failed',
        description: errorMessage(err, 'Login failed'),
        variant: 'destructive',
      });
    },
  });
}

/** The second step of a two-factor sign-in: a code from the app or a recovery code. */
export function useSecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (code: string) => apiJson(userSchema, 'POST', '/api/login/two-factor', { code }),
    onSuccess: signedIn,
  });
}

function useSignedIn() {
  const [, navigate] = useLocation();
  return async (user: User) => {
    queryClient.setQueryData(USER_KEY, user);
    await queryClient.invalidateQueries({ queryKey: ['/api/onboarding/status'] });
    // Back to the screen that asked for a sign-in, if any (otherwise home).
    navigate(safeNext(window.location.search) ?? '/');
  };
}

/**
 * Sign-up. A new address is signed in by the answer; an address that already has an account gets the
 * same answer without a session (its owner is mailed instead, decision 0830), so the session is what
 * tells: `signedIn` false means "check your email", shown by the form.
 */
export function useRegister() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      await apiRequest('POST', '/api/apply', input);
      const me = await queryClient.fetchQuery<User | null>({
        queryKey: USER_KEY,
        queryFn: getQueryFn({ on401: 'returnNull' }),
        staleTime: 0,
      });
      return { user: me ?? null, email: input.email };
    },
    onSuccess: async ({ user }) => {
      if (!user) return;
      toast({
        title: 'Account Created Successfully!',
        description: `Your account has been created with a ${TRIAL_DAYS}-day free trial. Logging you in...`,
        variant: 'success',
      });
      // Home greets a first visit with "Welcome", later ones with "Welcome back".
      markNewAccount(user.id);
      await queryClient.invalidateQueries({ queryKey: ['/api/onboarding/status'] });
      // Back to the screen that asked for an account (an invitation), if any.
      navigate(safeNext(window.location.search) ?? '/');
    },
    onError: (err) => {
      toast({
        title: 'Registration Failed',
        description: errorMessage(err, 'Registration failed'),
        variant: 'destructive',
      });
    },
  });
}

const NEW_ACCOUNT_KEY = 'verilead:new-account';

function markNewAccount(userId: string) {
  try {
    sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
  } catch {
    // Storage can be unavailable (private mode): the greeting then says "Welcome back".
  }
}

/** True in the browser session where this account was created. */
export function isNewAccount(userId: string | undefined): boolean {
  try {
    return Boolean(userId) && sessionStorage.getItem(NEW_ACCOUNT_KEY) === userId;
  } catch {
    return false;
  }
}

export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      queryClient.setQueryData(USER_KEY, null);
      // Drop every other user-scoped cache so the next account starts clean.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
      navigate('/auth');
    },
    onError: () => {
      toast({
        title: 'Logout failed',
        description: 'There was an error logging out. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
