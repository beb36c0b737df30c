CREATE TABLE `challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`challenger_id` text NOT NULL,
	`opponent_id` text,
	`ruleset` text NOT NULL,
	`first` text NOT NULL,
	`time_limit` integer NOT NULL,
	`rated` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`game_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `challenges_status_expires` ON `challenges` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`ruleset` text NOT NULL,
	`south_id` text NOT NULL,
	`north_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`moves` text DEFAULT '[]' NOT NULL,
	`position` text NOT NULL,
	`ply` integer DEFAULT 0 NOT NULL,
	`time_limit` integer NOT NULL,
	`deadline_at` integer,
	`reminder_at` integer,
	`draw_offer_by` integer,
	`winner` integer,
	`reason` text,
	`note` text,
	`rated` integer DEFAULT true NOT NULL,
	`series_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `games_status_deadline` ON `games` (`status`,`deadline_at`);--> statement-breakpoint
CREATE INDEX `games_south` ON `games` (`guild_id`,`south_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_north` ON `games` (`guild_id`,`north_id`,`status`);--> statement-breakpoint
CREATE TABLE `guild_settings` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`default_ruleset` text,
	`default_time_limit` integer,
	`allowed_channels` text,
	`max_games_per_player` integer,
	`updated_at` integer NOT NULL
);
