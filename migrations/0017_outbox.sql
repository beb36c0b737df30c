CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`user_id` text,
	`args` text DEFAULT '{}' NOT NULL,
	`after_key` text,
	`owner_first` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`message_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`retry_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_key_unique` ON `outbox` (`key`);--> statement-breakpoint
CREATE INDEX `outbox_unsent` ON `outbox` (`sent_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_user` ON `outbox` (`user_id`);