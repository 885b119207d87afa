-- Placeholder: number 004 belongs to the background-jobs branch (the `jobs` table). It exists here only so that
-- 005 applies in a branch without it; when the branches meet, the jobs branch's 004 replaces this file.
SELECT 1;
