CREATE TABLE `telegram_links` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`code_hash` text,
	`code_expires_at` integer,
	`chat_id` text,
	`chat_name` text,
	`linked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_links_code_unique` ON `telegram_links` (`code_hash`);--> statement-breakpoint
CREATE INDEX `telegram_links_chat_idx` ON `telegram_links` (`chat_id`);