ALTER TABLE `mt5_queue` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `mt5_queue` ADD `changed_at` integer;--> statement-breakpoint
ALTER TABLE `mt5_queue` ADD `offered_version` integer;--> statement-breakpoint
ALTER TABLE `mt5_queue` ADD `offered_at` integer;--> statement-breakpoint
ALTER TABLE `mt5_queue` ADD `acked_version` integer;--> statement-breakpoint
ALTER TABLE `mt5_queue` ADD `acked_at` integer;--> statement-breakpoint
ALTER TABLE `mt5_queue` ADD `auto` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `mt5_queue_signal_idx` ON `mt5_queue` (`signal_id`);--> statement-breakpoint
ALTER TABLE `strategy_access` ADD `mt5_auto_send` integer DEFAULT false NOT NULL;