// The account feature's public surface: the operator's reset-link command (src/cli/reset-link.ts).
export { createResetLink, findUserByLogin } from './password-reset';
