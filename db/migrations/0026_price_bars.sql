CREATE TABLE `price_bars` (
	`symbol` text NOT NULL,
	`time` integer NOT NULL,
	`close` real NOT NULL,
	PRIMARY KEY(`symbol`, `time`)
);
