CREATE TABLE "api_call_days" (
	"day" date NOT NULL,
	"tier" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_call_days_day_tier_pk" PRIMARY KEY("day","tier")
);
