-- Workspaces (White Label): data belongs to a workspace, people belong to workspaces with a role.
-- Every account has a personal workspace whose id is the account's own id, so the rows that today
-- carry a user_id already carry the right workspace id: moving tenancy is a rename, not a rewrite.
CREATE TABLE IF NOT EXISTS workspaces (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- The plan picked at sign-up (or last on /subscribe) and the trial: billing is the workspace's.
  plan text NOT NULL DEFAULT 'hobbyist',
  trial_ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS workspace_members (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX IF NOT EXISTS workspace_members_user_idx ON workspace_members (user_id);

INSERT INTO workspaces (id, name, plan, trial_ends_at, created_at)
  SELECT id, username, plan, trial_ends_at, created_at FROM users
  ON CONFLICT (id) DO NOTHING;
INSERT INTO workspace_members (workspace_id, user_id, role, joined_at)
  SELECT id, id, 'owner', created_at FROM users
  ON CONFLICT DO NOTHING;

-- The workspace a session works in (the top bar's switcher); NULL means the personal one.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS workspace_id uuid REFERENCES workspaces(id) ON DELETE SET NULL;
