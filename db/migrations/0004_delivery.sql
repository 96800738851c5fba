CREATE TABLE `delivery_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`attempt` integer NOT NULL,
	`attempted_at` integer NOT NULL,
	`status_code` integer,
	`latency_ms` integer NOT NULL,
	`response_excerpt` text,
	`error` text,
	FOREIGN KEY (`job_id`) REFERENCES `delivery_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_attempts_job_idx` ON `delivery_attempts` (`job_id`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `delivery_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer,
	`signal_id` integer,
	`user_id` integer NOT NULL,
	`channel` text NOT NULL,
	`target_id` integer DEFAULT 0 NOT NULL,
	`event_type` text NOT NULL,
	`payload` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`last_error` text,
	`last_status_code` integer,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`seq`) REFERENCES `signal_events`(`seq`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signal_id`) REFERENCES `signals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_jobs_event_target_unique` ON `delivery_jobs` (`seq`,`user_id`,`channel`,`target_id`);--> statement-breakpoint
CREATE INDEX `delivery_jobs_due_idx` ON `delivery_jobs` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `delivery_jobs_order_idx` ON `delivery_jobs` (`user_id`,`channel`,`target_id`,`seq`);--> statement-breakpoint
CREATE INDEX `delivery_jobs_target_idx` ON `delivery_jobs` (`channel`,`target_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`url` text NOT NULL,
	`event_types` text NOT NULL,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` integer,
	`failing_since` integer,
	`disabled_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_user_idx` ON `webhook_endpoints` (`user_id`);