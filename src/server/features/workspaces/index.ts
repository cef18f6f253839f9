// The workspaces feature's public surface for other features (tenancy and roles).
export { installActivityLog, recordActivity } from './activity';
export { requirePermission, requireWorkspace } from './context';
export {
  createPersonalWorkspace,
  fallbackWorkspace,
  findWorkspacePlan,
  membership,
  toContext,
  type WorkspaceContext,
  type WorkspacePlan,
} from './resolve';
