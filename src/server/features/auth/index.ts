// The auth feature's public surface for other features: the statements on accounts they need, the
// request's user, sessions, passwords and the re-authentication limit.
export {
  accountExportJson,
  deleteApiTokensOf,
  deleteLoginCounters,
  deleteUserRow,
  emailUsedByOther,
  lockAccountRow,
  peopleByIds,
  removeTwoFactor,
  setPasswordHash,
  twoFactorEnabled,
  updateAccountFields,
  userByEmail,
  userById,
  userByUsername,
  userIdsWithEmail,
  usernamesByIds,
} from './accounts';
export { hashPassword, verifyPassword } from './password';
export { reauthLimit } from './reauth-limit';
export { findTokenHolder, markTokenUsed, requireUser } from './request-user';
export { deleteUserSessions, endSession, listSessions, SESSION_COOKIE } from './sessions';
export type { UserRow } from './users';
