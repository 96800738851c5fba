CREATE TABLE `delivery_breakers` (
	`host` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`timeouts` integer DEFAULT 0 NOT NULL,
	`window_start` integer,
	`opened_at` integer,
	`retry_at` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `delivery_fanouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer NOT NULL,
	`signal_id` integer NOT NULL,
	`channel` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`jobs` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`created_at` integer NOT NULL,
	`expanded_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_fanouts_event_channel_unique` ON `delivery_fanouts` (`seq`,`channel`);--> statement-breakpoint
CREATE INDEX `delivery_fanouts_pending_idx` ON `delivery_fanouts` (`status`,`channel`,`seq`);