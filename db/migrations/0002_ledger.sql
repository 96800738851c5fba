CREATE TABLE `signal_events` (
	`seq` integer PRIMARY KEY NOT NULL,
	`signal_id` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`salt` text NOT NULL,
	`payload_hash` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`signal_id`) REFERENCES `signals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `signal_events_signal_seq_idx` ON `signal_events` (`signal_id`,`seq`);--> statement-breakpoint
ALTER TABLE `signals` ADD `original_stop_loss` real;--> statement-breakpoint
ALTER TABLE `signals` ADD `fill_price` real;--> statement-breakpoint
ALTER TABLE `signals` ADD `triggered_at` integer;--> statement-breakpoint
ALTER TABLE `signals` ADD `remaining` real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `signals` ADD `exit_price` real;--> statement-breakpoint
ALTER TABLE `signals` ADD `close_reason` text;--> statement-breakpoint
ALTER TABLE `signals` ADD `result_pips` real;--> statement-breakpoint
ALTER TABLE `signals` ADD `result_r` real;--> statement-breakpoint
CREATE TRIGGER `signal_events_no_update` BEFORE UPDATE ON `signal_events`
BEGIN
	SELECT RAISE(ABORT, 'signal_events is append-only: rows cannot be updated');
END;--> statement-breakpoint
CREATE TRIGGER `signal_events_no_delete` BEFORE DELETE ON `signal_events`
BEGIN
	SELECT RAISE(ABORT, 'signal_events is append-only: rows cannot be deleted');
END;
