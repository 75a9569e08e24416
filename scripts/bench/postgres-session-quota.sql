-- How long PostgreSQL takes to take 500 new sessions for a new account and for one near its session
-- quota (the numbering trigger's room check reads record_counts, migration 12, instead of
-- counting the account's sessions per insert). On a database the server has migrated, with an
-- account made by `waterline-server token --apple-sub measure --database-url URL`:
--   psql URL -f scripts/bench/postgres-session-quota.sql
-- Prints the time of each INSERT: the first and the last (500 each) should be alike.
\timing on
SELECT id AS uid FROM users WHERE apple_sub = 'measure' \gset
INSERT INTO sessions (id, owner_id, start_time, is_active, updated_at, body)
    SELECT 'first-' || g, :'uid', g, FALSE, g, '{}' FROM generate_series(1, 500) g;
-- Filled to 19,500 sessions in batches of 500, as pushes would.
DO $$
DECLARE
    account TEXT := (SELECT id FROM users WHERE apple_sub = 'measure');
BEGIN
    FOR batch IN 1..38 LOOP
        INSERT INTO sessions (id, owner_id, start_time, is_active, updated_at, body)
            SELECT 'fill-' || batch || '-' || g, account, g, FALSE, g, '{}' FROM generate_series(1, 500) g;
    END LOOP;
END $$;
INSERT INTO sessions (id, owner_id, start_time, is_active, updated_at, body)
    SELECT 'last-' || g, :'uid', g, FALSE, g, '{}' FROM generate_series(1, 500) g;
SELECT scope, kept, live FROM record_counts WHERE owner_id = :'uid';
