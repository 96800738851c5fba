CREATE TABLE `ledger_tree_nodes` (
	`level` integer NOT NULL,
	`idx` integer NOT NULL,
	`hash` blob NOT NULL,
	PRIMARY KEY(`level`, `idx`)
);
