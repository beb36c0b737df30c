CREATE TABLE `daily_puzzles` (
	`guild_id` text NOT NULL,
	`date` text NOT NULL,
	`puzzle_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`solved` integer DEFAULT 0 NOT NULL,
	`tried` integer DEFAULT 0 NOT NULL,
	`shown_solved` integer DEFAULT 0 NOT NULL,
	`shown_tried` integer DEFAULT 0 NOT NULL,
	`shown_at` integer DEFAULT 0 NOT NULL,
	`solution_at` integer,
	`posted_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `puzzle_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`guild_id` text,
	`puzzle_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`theme` text,
	`step` integer NOT NULL,
	`status` text NOT NULL,
	`rated` integer NOT NULL,
	`rating_before` real NOT NULL,
	`rating_after` real,
	`daily_date` text,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `puzzle_attempts_user` ON `puzzle_attempts` (`user_id`,`puzzle_id`);--> statement-breakpoint
CREATE INDEX `puzzle_attempts_guild` ON `puzzle_attempts` (`guild_id`,`ruleset`);--> statement-breakpoint
CREATE TABLE `puzzle_mining` (
	`game_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`next_ply` integer NOT NULL,
	`steps` integer NOT NULL,
	`nodes` integer NOT NULL,
	`ms` integer NOT NULL,
	`found` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `puzzle_ratings` (
	`user_id` text NOT NULL,
	`ruleset` text NOT NULL,
	`rating` real NOT NULL,
	`deviation` real NOT NULL,
	`volatility` real NOT NULL,
	`attempts` integer NOT NULL,
	`solved` integer NOT NULL,
	`streak` integer NOT NULL,
	`best_streak` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `ruleset`)
);
--> statement-breakpoint
CREATE TABLE `puzzles` (
	`id` text PRIMARY KEY NOT NULL,
	`ruleset` text NOT NULL,
	`moves` text NOT NULL,
	`solution` text NOT NULL,
	`solver_moves` integer NOT NULL,
	`themes` text NOT NULL,
	`rating` real NOT NULL,
	`deviation` real NOT NULL,
	`volatility` real NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`solves` integer DEFAULT 0 NOT NULL,
	`source_kind` text NOT NULL,
	`source_game_id` text,
	`source_guild_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `puzzles_ruleset_rating` ON `puzzles` (`ruleset`,`rating`);--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `daily_puzzle_channel` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `daily_puzzle_minute` integer;