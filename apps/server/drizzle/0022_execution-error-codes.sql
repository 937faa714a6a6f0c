ALTER TABLE "autonomous_executions" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "autonomous_executions" ADD COLUMN "error_params" jsonb;