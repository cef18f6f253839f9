-- The verification prober's state shared by every process on this database (docs/decisions/0002).

-- Connection slots per mail server IP, for the whole fleet: a row is one open connection's slot,
-- held until its socket is closed, with a lease renewed while held (a killed process frees its
-- slots when the lease runs out).
CREATE TABLE prober_slots (
  ip text NOT NULL,
  slot integer NOT NULL,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (ip, slot)
);
CREATE INDEX prober_slots_holder_idx ON prober_slots (holder);

-- A back-off a mail server asked for (421), honoured by every process.
CREATE TABLE prober_hosts (
  ip text PRIMARY KEY,
  paused_until timestamptz NOT NULL
);

-- Facts about a domain (MX verdict, catch-all answer), each with its own expiry. No account data.
CREATE TABLE domain_facts (
  domain text PRIMARY KEY,
  verdict jsonb,
  verdict_expires_at timestamptz,
  catch_all boolean,
  catch_all_expires_at timestamptz
);

-- Final verdicts about a mailbox address (never who asked about it), reused until they expire.
CREATE TABLE mailbox_verdicts (
  address text PRIMARY KEY,
  verdict jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX mailbox_verdicts_expires_idx ON mailbox_verdicts (expires_at);

-- Why a run is waiting without progress (e.g. this server cannot reach mail servers), for screens.
ALTER TABLE uploads ADD COLUMN notice text;
