CREATE TABLE "ad_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_slugs" ADD CONSTRAINT "ad_slugs_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_slugs" ADD CONSTRAINT "category_slugs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_slugs_ad_idx" ON "ad_slugs" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "category_slugs_category_idx" ON "category_slugs" USING btree ("category_id");