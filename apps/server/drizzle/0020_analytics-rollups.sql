CREATE TABLE "analytics_ai_days" (
	"day" date NOT NULL,
	"tier" text NOT NULL,
	"runs" integer NOT NULL,
	"prompt_tokens" bigint NOT NULL,
	"completion_tokens" bigint NOT NULL,
	CONSTRAINT "analytics_ai_days_day_tier_pk" PRIMARY KEY("day","tier")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer NOT NULL,
	"dau" integer NOT NULL,
	"wau" integer NOT NULL,
	"mau" integer NOT NULL,
	"week_active" integer NOT NULL,
	"month_active" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_retention_days" (
	"signup_day" date NOT NULL,
	"active_day" date NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "analytics_retention_days_active_day_signup_day_pk" PRIMARY KEY("active_day","signup_day")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"name" text PRIMARY KEY NOT NULL,
	"through" date
);
--> statement-breakpoint
CREATE TABLE "analytics_user_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "analytics_user_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_user_days_user" ON "analytics_user_days" USING btree ("user_id","day");--> statement-breakpoint
INSERT INTO "analytics_rollups" ("name", "through") VALUES ('daily', NULL);
