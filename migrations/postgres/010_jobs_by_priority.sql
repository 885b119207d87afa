-- The job runner claims the first job of each lane, most urgent first (ORDER BY priority, id). Walked in that
-- order the claim stops after the few it needs; without this index it sorted every due job each time, and under a
-- burst thousands of waiting tidying jobs (buttons off replaced tables) made every claim a millisecond.
CREATE INDEX jobs_by_priority ON jobs (priority, id);
