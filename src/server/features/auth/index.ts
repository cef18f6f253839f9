// The auth feature's public surface for other features: the statements on accounts they need (their
// sessions, sign-in and two-factor flows are in the shared files listed in check-boundaries).
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
