ALTER TABLE `games` ADD `takeback_by` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `south_takeback_ply` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `north_takeback_ply` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `south_takebacks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `north_takebacks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `taken_back_at` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `taken_back_moves` text;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `rated_takebacks` integer;