CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_subscription_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_status` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `stripe_event_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `past_due_since` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `failed_payments` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `stripe_customer_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_stripe_customer_unique` ON `users` (`stripe_customer_id`);