-- 0002_kit_run_store_v1
-- The tables of kitDbRunStore (@kit/kit-db), version 1, for sqlite: runs, their numbered events and their artifacts.
-- Written by writeRunStoreMigration; kit db:push applies it. Each statement ends with ";".

CREATE TABLE IF NOT EXISTS kit_runs (
  id TEXT NOT NULL PRIMARY KEY,
  goal TEXT NOT NULL,
  status TEXT NOT NULL,
  metadata TEXT NOT NULL,
  checkpoint TEXT,
  result TEXT,
  continuation TEXT,
  requested TEXT,
  pending_approval TEXT,
  lease_owner TEXT,
  lease_expires_at INTEGER,
  attempts INTEGER NOT NULL,
  last_sequence INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS kit_runs_status_created_idx ON kit_runs (status, created_at, id);

CREATE INDEX IF NOT EXISTS kit_runs_created_idx ON kit_runs (created_at, id);

CREATE TABLE IF NOT EXISTS kit_run_events (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  data TEXT NOT NULL,
  CONSTRAINT kit_run_events_pk PRIMARY KEY (run_id, seq),
  CONSTRAINT kit_run_events_run_fk FOREIGN KEY (run_id) REFERENCES kit_runs (id) ON DELETE CASCADE
);

CREATE TABLE IF NOT EXISTS kit_run_artifacts (
  id TEXT NOT NULL PRIMARY KEY,
  run_id TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at INTEGER NOT NULL,
  CONSTRAINT kit_run_artifacts_run_fk FOREIGN KEY (run_id) REFERENCES kit_runs (id) ON DELETE CASCADE
);

CREATE INDEX IF NOT EXISTS kit_run_artifacts_run_idx ON kit_run_artifacts (run_id, created_at, id);
