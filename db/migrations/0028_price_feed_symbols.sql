CREATE TABLE `price_feed_symbols` (
	`symbol` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`instrument` text NOT NULL,
	`last_bar_at` integer,
	`last_close` real,
	`polled_at` integer,
	`missing_minutes` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
