ALTER TABLE `puzzle_attempts` ADD `message_ref` text;--> statement-breakpoint
ALTER TABLE `puzzle_attempts` ADD `message_token` text;--> statement-breakpoint
ALTER TABLE `puzzle_attempts` ADD `message_at` integer;--> statement-breakpoint
ALTER TABLE `puzzle_attempts` ADD `missed` integer DEFAULT false NOT NULL;