-- Tables created by migrations numbered before 0800 could not reference workspaces (created by 0800),
-- so deleting a workspace left their rows behind: exports, send outcomes and events, event hooks,
-- suppressions. Rows whose workspace is already gone are deleted, then each gets the foreign key the
-- later tables have (ON DELETE CASCADE). A table that adds workspace_id later names its key here too.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['data_exports', 'send_events', 'send_outcomes', 'smartlead_event_hooks', 'suppressions']
  LOOP
    IF to_regclass(t) IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM pg_constraint WHERE conname = t || '_workspace_fk'
    ) THEN
      EXECUTE format(
        'DELETE FROM %I x WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = x.workspace_id)', t);
      EXECUTE format(
        'ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE',
        t, t || '_workspace_fk');
    END IF;
  END LOOP;
END $$;
