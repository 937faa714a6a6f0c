CREATE TABLE "autonomous_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"trigger" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"signal_id" bigint,
	"status" text NOT NULL,
	"job_id" text,
	"command_id" uuid,
	"tokens" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "autonomous_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"entity_ids" uuid[] NOT NULL,
	"prompt" text NOT NULL,
	"trigger" text NOT NULL,
	"cron" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"signal_kind" text DEFAULT '' NOT NULL,
	"signal_source" text DEFAULT '' NOT NULL,
	"signal_min_severity" text DEFAULT 'info' NOT NULL,
	"max_runs_per_hour" integer NOT NULL,
	"max_tokens_per_day" integer NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autonomous_executions" ADD CONSTRAINT "autonomous_executions_rule_id_autonomous_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."autonomous_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autonomous_executions" ADD CONSTRAINT "autonomous_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autonomous_rules" ADD CONSTRAINT "autonomous_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autonomous_executions_rule_slot" ON "autonomous_executions" USING btree ("rule_id","slot");--> statement-breakpoint
CREATE INDEX "autonomous_executions_user_created" ON "autonomous_executions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "autonomous_executions_rule_created" ON "autonomous_executions" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "autonomous_executions_command" ON "autonomous_executions" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "autonomous_rules_user" ON "autonomous_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "autonomous_rules_due" ON "autonomous_rules" USING btree ("next_due_at");