CREATE TABLE `forgotten_players` (
	`placeholder` text PRIMARY KEY NOT NULL,
	`forgotten_at` integer NOT NULL
);
