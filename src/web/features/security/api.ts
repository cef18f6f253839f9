import { queryOptions } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../shared/two-factor';
import { apiRequest } from '../../lib/api';

export const securityQueries = {
  twoFactor: () => queryOptions<TwoFactorStatus>({ queryKey: ['/api/account/two-factor'] }),
};

const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

export const securityCalls = {
  setup: () => json<TwoFactorSetup>(apiRequest('POST', '/api/account/two-factor/setup')),
  enable: (code: string) =>
    json<RecoveryCodes>(apiRequest('POST', '/api/account/two-factor/enable', { code })),
  disable: (password: string) =>
    json<TwoFactorStatus>(apiRequest('POST', '/api/account/two-factor/disable', { password })),
  newCodes: (password: string) =>
    json<RecoveryCodes>(apiRequest('POST', '/api/account/two-factor/recovery-codes', { password })),
};
