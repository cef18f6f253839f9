import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema, registerSchema } from './auth';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('validation rules', () => {
  it('login needs a 3-character username (or an email) and a password of any stored length', () => {
    expect(msg(loginSchema.safeParse({ username: 'ab', password: 'secret1' }))).toBe(
      'Username must be at least 3 characters',
    );
    expect(msg(loginSchema.safeParse({ username: 'abc', password: '' }))).toBe('Enter your password');
    // Passwords set under the old 6-character rule still sign in.
    expect(loginSchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true);
    expect(loginSchema.safeParse({ username: 'a@b.co', password: '123456' }).success).toBe(true);
  });

  it('a new password needs 10 characters; a new username no "@"', () => {
    const base = { username: 'abc', email: 'a@b.co', password: '123456789' };
    expect(msg(registerSchema.safeParse(base))).toBe('Password must be at least 10 characters');
    expect(msg(registerSchema.safeParse({ ...base, password: '1234567890', username: 'a@b' }))).toBe(
      'Username cannot contain "@"',
    );
  });

  it('registration needs a valid email and defaults the plan to hobbyist', () => {
    expect(msg(registerSchema.safeParse({ username: 'abc', email: 'a@b', password: '1234567890' }))).toBe(
      'Invalid email address',
    );
    const ok = registerSchema.parse({ username: ' abc ', email: 'a@b.co', password: '1234567890' });
    expect(ok).toEqual({ username: 'abc', email: 'a@b.co', password: '1234567890', plan: 'hobbyist' });
    expect(
      registerSchema.safeParse({ username: 'abc', email: 'a@b.co', password: '1234567890', plan: 'x' })
        .success,
    ).toBe(false);
  });

  it("the form's confirmPassword must equal the password", () => {
    const base = { username: 'abc', email: 'a@b.co', password: '1234567890', plan: 'hobbyist' };
    expect(msg(registerFormSchema.safeParse({ ...base, confirmPassword: '12345678901' }))).toBe(
      "Passwords don't match",
    );
    expect(registerFormSchema.safeParse({ ...base, confirmPassword: '1234567890' }).success).toBe(true);
  });
});
