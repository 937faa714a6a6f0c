CREATE TABLE "job_workers" (
	"instance" text PRIMARY KEY NOT NULL,
	"workers" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
