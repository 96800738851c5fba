CREATE INDEX `blog_posts_slug_lower_idx` ON `blog_posts` (lower("slug"));--> statement-breakpoint
CREATE INDEX `signals_status_idx` ON `signals` (`status`);--> statement-breakpoint
CREATE INDEX `strategies_slug_lower_idx` ON `strategies` (lower("slug"));