// The workspaces feature's public surface for other features (tenancy and roles).
export { installActivityLog, recordActivity } from './activity';
export {
  activityEntries,
  activityExportPage,
  deleteActivityBefore,
  deleteWorkspaceActivity,
  forgetPersonInActivity,
  memberRolesOf,
  workspaceExportJson,
} from './activity-log';
export { requirePermission, requireWorkspace } from './context';
export {
  claimInvitation,
  deleteInvitationsTo,
  type InvitationRow,
  invitationByTokenHash,
  invitationsSince,
  pendingInvitations,
  replaceInvitation,
  revokeInvitationById,
  revokeInvitationsSentBy,
} from './invitations';
export {
  addMember,
  anyMember,
  deleteMember,
  deleteWorkspaceRow,
  memberRole,
  membershipsWithWorkspace,
  membersOf,
  ownedWorkspacesOf,
  ownerCount,
  setMemberRole,
  setWorkspacePlan,
  swapOwner,
} from './members';
export { sameOrTeammate } from './queries';
export {
  createPersonalWorkspace,
  fallbackWorkspace,
  findWorkspacePlan,
  membership,
  toContext,
  type WorkspaceContext,
  type WorkspacePlan,
} from './resolve';
export { listWorkspaces } from './switch';
