-- The version of what anonymous pages show (docs/decisions/0153-page-cache-watches-content.md):
-- one row whose `version` every insert, update and delete of a watched table
-- bumps in the same transaction. The page cache keeps an answer while it is
-- unchanged; bookkeeping writes (sessions, API-key use, deliveries, heartbeats)
-- touch no watched table and leave cached pages alone.
CREATE TABLE `content_version` (`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1), `version` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `content_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `content_version_strategies_insert` AFTER INSERT ON `strategies` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_strategies_update` AFTER UPDATE ON `strategies` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_strategies_delete` AFTER DELETE ON `strategies` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_signals_insert` AFTER INSERT ON `signals` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_signals_update` AFTER UPDATE ON `signals` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_signals_delete` AFTER DELETE ON `signals` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_signal_events_insert` AFTER INSERT ON `signal_events` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_signal_events_update` AFTER UPDATE ON `signal_events` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_signal_events_delete` AFTER DELETE ON `signal_events` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_ledger_tree_nodes_insert` AFTER INSERT ON `ledger_tree_nodes` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_ledger_tree_nodes_update` AFTER UPDATE ON `ledger_tree_nodes` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_ledger_tree_nodes_delete` AFTER DELETE ON `ledger_tree_nodes` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_blog_posts_insert` AFTER INSERT ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_blog_posts_update` AFTER UPDATE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_blog_posts_delete` AFTER DELETE ON `blog_posts` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_news_events_insert` AFTER INSERT ON `news_events` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_news_events_update` AFTER UPDATE ON `news_events` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_news_events_delete` AFTER DELETE ON `news_events` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_status_incidents_insert` AFTER INSERT ON `status_incidents` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_status_incidents_update` AFTER UPDATE ON `status_incidents` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_status_incidents_delete` AFTER DELETE ON `status_incidents` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_projection_drift_insert` AFTER INSERT ON `projection_drift` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_projection_drift_update` AFTER UPDATE ON `projection_drift` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_projection_drift_delete` AFTER DELETE ON `projection_drift` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_help_votes_insert` AFTER INSERT ON `help_votes` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_help_votes_update` AFTER UPDATE ON `help_votes` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_help_votes_delete` AFTER DELETE ON `help_votes` BEGIN UPDATE `content_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
