-- Blocks are between two people, not one conversation: while either has blocked the other, no
-- new conversation and no message between them about any ad. Each side's block is its own row.
CREATE TABLE "user_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self_check" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
-- The blocks of the old model (one per conversation) become blocks of the person on the other side.
INSERT INTO "user_blocks" ("blocker_id", "blocked_id")
SELECT DISTINCT c."blocked_by", CASE WHEN c."blocked_by" = c."buyer_id" THEN c."seller_id" ELSE c."buyer_id" END
FROM "conversations" c
WHERE c."blocked_by" IS NOT NULL
  AND CASE WHEN c."blocked_by" = c."buyer_id" THEN c."seller_id" ELSE c."buyer_id" END IS NOT NULL
  AND CASE WHEN c."blocked_by" = c."buyer_id" THEN c."seller_id" ELSE c."buyer_id" END <> c."blocked_by"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "blocked_by";
