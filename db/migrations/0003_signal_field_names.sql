ALTER TABLE `signals` RENAME COLUMN "stop_loss" TO "sl";--> statement-breakpoint
ALTER TABLE `signals` RENAME COLUMN "take_profit_1" TO "tp1";--> statement-breakpoint
ALTER TABLE `signals` RENAME COLUMN "take_profit_2" TO "tp2";--> statement-breakpoint
ALTER TABLE `signals` RENAME COLUMN "original_stop_loss" TO "original_sl";