CREATE TABLE `ledger_tree_nodes` (
	`id` integer PRIMARY KEY NOT NULL,
	`hash` blob NOT NULL
);
