-- Each server or jobs process on PostgreSQL beats here every few seconds, so what a dead
-- process claimed (an Idempotency-Key in progress) is released as soon as it stops beating.
CREATE TABLE IF NOT EXISTS "process_heartbeats" (
	"process_id" text PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
