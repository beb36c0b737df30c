CREATE TABLE `ladder_rungs` (
	`guild_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`user_id` text NOT NULL,
	`rung` integer NOT NULL,
	`joined_at` integer NOT NULL,
	`last_active_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `ruleset`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `rating_changes` (
	`game_id` text NOT NULL,
	`user_id` text NOT NULL,
	`guild_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`season` integer NOT NULL,
	`opponent_id` text NOT NULL,
	`score` real NOT NULL,
	`rating_before` real NOT NULL,
	`deviation_before` real NOT NULL,
	`rating_after` real NOT NULL,
	`deviation_after` real NOT NULL,
	`opponent_rating` real NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rating_changes_player` ON `rating_changes` (`guild_id`,`ruleset`,`season`,`user_id`,`finished_at`);--> statement-breakpoint
CREATE TABLE `ratings` (
	`guild_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`season` integer NOT NULL,
	`user_id` text NOT NULL,
	`rating` real NOT NULL,
	`deviation` real NOT NULL,
	`volatility` real NOT NULL,
	`games` integer NOT NULL,
	`wins` integer NOT NULL,
	`draws` integer NOT NULL,
	`losses` integer NOT NULL,
	`reached_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `ruleset`, `season`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `seasons` (
	`guild_id` text NOT NULL,
	`number` integer NOT NULL,
	`started_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `number`)
);
--> statement-breakpoint
CREATE TABLE `series` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`player_a` text NOT NULL,
	`player_b` text NOT NULL,
	`first_to` integer NOT NULL,
	`rated` integer NOT NULL,
	`time_limit` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`winner_id` text,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `series_guild` ON `series` (`guild_id`,`status`);--> statement-breakpoint
ALTER TABLE `challenges` ADD `kind` text DEFAULT 'game' NOT NULL;--> statement-breakpoint
ALTER TABLE `challenges` ADD `first_to` integer;--> statement-breakpoint
ALTER TABLE `challenges` ADD `note` text;--> statement-breakpoint
ALTER TABLE `games` ADD `series_game` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `ladder_challenger_id` text;--> statement-breakpoint
ALTER TABLE `games` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `void_reason` text;--> statement-breakpoint
CREATE INDEX `games_series` ON `games` (`series_id`);--> statement-breakpoint
CREATE INDEX `games_rated_replay` ON `games` (`guild_id`,`ruleset`,`status`,`finished_at`);--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `rated_pairs_per_day` integer;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `ladder_enabled` integer;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `ladder_inactive_days` integer;