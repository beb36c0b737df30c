CREATE TABLE `analyses` (
	`game_id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`requested_by` text NOT NULL,
	`status` text NOT NULL,
	`budget_ms` integer NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`positions` text,
	`error` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `analyses_queue` ON `analyses` (`status`,`guild_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `level` text;