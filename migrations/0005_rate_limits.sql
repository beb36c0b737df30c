ALTER TABLE `guild_settings` ADD `commands_per_minute` integer;--> statement-breakpoint
ALTER TABLE `guild_settings` ADD `challenges_per_hour` integer;--> statement-breakpoint
CREATE INDEX `challenges_challenger_created` ON `challenges` (`guild_id`,`challenger_id`,`created_at`);