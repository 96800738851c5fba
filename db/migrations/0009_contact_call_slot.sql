ALTER TABLE `contact_messages` ADD `topic` text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `call_slot` integer;