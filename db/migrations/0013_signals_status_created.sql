DROP INDEX `signals_status_idx`;--> statement-breakpoint
CREATE INDEX `signals_status_created_idx` ON `signals` (`status`,`created_at`,`id`);