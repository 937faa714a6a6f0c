ALTER TABLE "autonomous_executions" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "autonomous_executions" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "autonomous_executions_running_lease" ON "autonomous_executions" USING btree ("lease_until") WHERE "autonomous_executions"."status" = 'running';