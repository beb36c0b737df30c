CREATE TABLE `notices` (
	`message_id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`channel_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notices_key` ON `notices` (`key`);--> statement-breakpoint
CREATE TABLE `players` (
	`user_id` text PRIMARY KEY NOT NULL,
	`notify` text DEFAULT 'channel' NOT NULL,
	`updated_at` integer NOT NULL
);
