import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema, registerSchema } from './auth';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('validation rules (SPEC §5)', () => {
  it('login needs a 3-character username and a 6-character password', () => {
    expect(msg(loginSchema.safeParse({ username: 'ab', password: 'secret1' }))).toBe(
      'Username must be at least 3 characters',
    );
    expect(msg(loginSchema.safeParse({ username: 'abc', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(loginSchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true);
  });

  it('registration needs a valid email and defaults the plan to hobbyist', () => {
    expect(msg(registerSchema.safeParse({ username: 'abc', email: 'a@b', password: '123456' }))).toBe(
      'Invalid email address',
    );
    const ok = registerSchema.parse({ username: ' abc ', email: 'a@b.co', password: '123456' });
    expect(ok).toEqual({ username: 'abc', email: 'a@b.co', password: '123456', plan: 'hobbyist' });
    expect(
      registerSchema.safeParse({ username: 'abc', email: 'a@b.co', password: '123456', plan: 'x' }).success,
    ).toBe(false);
  });

  it("the form's confirmPassword must equal the password", () => {
    const base = { username: 'abc', email: 'a@b.co', password: '123456', plan: 'hobbyist' };
    expect(msg(registerFormSchema.safeParse({ ...base, confirmPassword: '1234567' }))).toBe(
      "Passwords don't match",
    );
    expect(registerFormSchema.safeParse({ ...base, confirmPassword: '123456' }).success).toBe(true);
  });
});
