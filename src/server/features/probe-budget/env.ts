import { z } from 'zod';

// The probe budget's allowances per plan (decision 0860): "per hour,per day,per domain per hour", in
// probes (an RCPT, or an SMTP session opened). A trial is its own row: an account nobody paid for yet.
const allowance = (fallback: string) =>
  z
    .preprocess((v) => (v === '' || v === undefined ? fallback : v), z.string())
    .transform((v, ctx) => {
      const parts = v.split(',').map((x) => Number(x.trim()));
      if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) {
        ctx.addIssue({
          code: 'custom',
          message: 'expected three whole numbers: per hour,per day,per domain per hour',
        });
        return z.NEVER;
      }
      return { hour: parts[0], day: parts[1], domainHour: parts[2] };
    });

export const probeBudgetEnv = {
  PROBE_BUDGET_TRIAL: allowance('300,1000,100'),
  PROBE_BUDGET_HOBBYIST: allowance('3000,20000,1000'),
  PROBE_BUDGET_PROFESSIONAL: allowance('10000,100000,3000'),
  PROBE_BUDGET_WHITELABEL: allowance('30000,300000,10000'),
};
