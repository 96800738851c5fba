CREATE TABLE `help_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`voter_key` text NOT NULL,
	`user_id` integer,
	`helpful` integer NOT NULL,
	`voted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `help_votes_slug_voter` ON `help_votes` (`slug`,`voter_key`);--> statement-breakpoint
CREATE INDEX `help_votes_user_idx` ON `help_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`outcome` text NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_started` ON `job_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `status_incidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`severity` text NOT NULL,
	`resolved` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `status_incidents_created` ON `status_incidents` (`created_at`);--> statement-breakpoint
CREATE INDEX `delivery_attempts_attempted_idx` ON `delivery_attempts` (`attempted_at`);