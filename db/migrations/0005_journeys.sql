CREATE TABLE `two_factor_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `two_factor_recovery_codes_hash_unique` ON `two_factor_recovery_codes` (`user_id`,`code_hash`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `pending_plan` text;