-- Several processes share one database: a process claims the first job of a lane for a while (a lease) before
-- it carries it out, so a job runs in one process at a time and a lane stays in order. A claim that is not
-- finished by `claimed_until` (its process died) may be taken by another process.
ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE jobs ADD COLUMN claimed_until BIGINT;
