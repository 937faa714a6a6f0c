CREATE INDEX "progress_ledger_created" ON "progress_ledger" USING btree ("created_at","user_id","source");--> statement-breakpoint
CREATE INDEX "runs_created" ON "runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_quests_completed" ON "user_quests" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "users_created" ON "users" USING btree ("created_at");