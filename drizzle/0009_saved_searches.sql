CREATE TABLE "saved_search_matches" (
	"saved_search_id" integer NOT NULL,
	"ad_id" integer NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_ad_id_pk" PRIMARY KEY("saved_search_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_watermark" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ad_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "saved_search_watermark_one_row" CHECK ("saved_search_watermark"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"query" "tsquery",
	"category_id" integer,
	"min_price" numeric(12, 2),
	"max_price" numeric(12, 2),
	"sort" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" IN ('instant', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_ad_idx" ON "saved_search_matches" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_unmailed_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE "saved_search_matches"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_unsubscribe_token_key" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
-- The matching job starts from now: ads that existed before saved searches did are not "new".
INSERT INTO "saved_search_watermark" ("id", "updated_at", "ad_id") VALUES (1, now(), 0);
