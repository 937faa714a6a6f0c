ALTER TABLE "runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "runs_running" ON "runs" USING btree ("lease_until") WHERE status = 'running';