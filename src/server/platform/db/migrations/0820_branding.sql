-- Branding of a workspace (White Label): product name, colour, support address, logo and a custom
-- domain proven by a DNS TXT record. One row per workspace; no row means the default Verilead look.
CREATE TABLE IF NOT EXISTS workspace_branding (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  product_name text,
  -- "#rrggbb", lower case.
  primary_color text CHECK (primary_color IS NULL OR primary_color ~ '^#[0-9a-f]{6}$'),
  support_email text,
  -- The logo, stored in the database (no file to copy between servers); 256 KB at most.
  logo bytea CHECK (logo IS NULL OR octet_length(logo) <= 262144),
  logo_type text CHECK (logo_type IS NULL OR logo_type IN ('png', 'svg', 'jpeg', 'webp')),
  -- Lower case host name; unique across workspaces (a host shows one workspace's branding).
  custom_domain text UNIQUE CHECK (custom_domain IS NULL OR custom_domain = lower(custom_domain)),
  -- The value to publish as TXT "verilead-verify=<token>" at _verilead-challenge.<domain>.
  domain_token text,
  domain_verified_at timestamptz,
  -- The last "Check now" and why it did not verify, shown on the settings screen.
  domain_checked_at timestamptz,
  domain_check_reason text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
