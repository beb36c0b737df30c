CREATE TABLE `tournament_pairings` (
	`tournament_id` text NOT NULL,
	`round` integer NOT NULL,
	`board` integer NOT NULL,
	`south_id` text NOT NULL,
	`north_id` text,
	`game_id` text,
	PRIMARY KEY(`tournament_id`, `round`, `board`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tournament_players` (
	`tournament_id` text NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`joined_round` integer NOT NULL,
	`rating` real NOT NULL,
	`withdrawn` integer DEFAULT false NOT NULL,
	`withdrawn_at` integer,
	`missed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tournament_id`, `user_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`format` text DEFAULT 'swiss' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`rounds` integer NOT NULL,
	`current_round` integer DEFAULT 0 NOT NULL,
	`time_limit` integer NOT NULL,
	`rated` integer NOT NULL,
	`start_at` integer,
	`created_by` text NOT NULL,
	`message_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `tournaments_guild` ON `tournaments` (`guild_id`,`status`);--> statement-breakpoint
ALTER TABLE `games` ADD `tournament_id` text;--> statement-breakpoint
ALTER TABLE `games` ADD `tournament_round` integer;--> statement-breakpoint
CREATE INDEX `games_tournament` ON `games` (`tournament_id`,`tournament_round`);