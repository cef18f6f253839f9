-- The MCP server (docs/decisions/0880-mcp.md).
-- export_list's download links: opaque random tokens stored hashed, valid until expires_at.
CREATE TABLE IF NOT EXISTS mcp_export_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  list_id uuid NOT NULL,
  export_type text NOT NULL,
  min_score integer,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS mcp_export_links_expires_idx ON mcp_export_links (expires_at);

-- The MCP client last seen behind each credential (its initialize names it; later requests of a
-- stateless server do not), so the activity log can say which assistant called a tool.
CREATE TABLE IF NOT EXISTS mcp_clients (
  credential text PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  client_name text NOT NULL,
  client_version text,
  seen_at timestamptz NOT NULL DEFAULT now()
);
