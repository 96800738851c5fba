CREATE TABLE `heartbeats` (
	`name` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`beat_at` integer NOT NULL
);
