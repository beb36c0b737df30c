ALTER TABLE `guild_settings` ADD `tournament_creators` text;--> statement-breakpoint
ALTER TABLE `tournament_pairings` ADD `series_id` text REFERENCES series(id);--> statement-breakpoint
ALTER TABLE `tournament_players` ADD `paused` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `minutes` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `ends_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `first_to` integer;