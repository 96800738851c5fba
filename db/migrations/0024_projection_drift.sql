CREATE TABLE `projection_drift` (
	`signal_id` integer PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`detected_at` integer NOT NULL
);
