CREATE TABLE `role_grants` (
	`guild_id` text NOT NULL,
	`role_id` text NOT NULL,
	`user_id` text NOT NULL,
	`granted_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `role_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `role_rules` (
	`guild_id` text NOT NULL,
	`role_id` text NOT NULL,
	`kind` text NOT NULL,
	`ruleset` text,
	`value` integer,
	`channel_id` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`failure` text,
	`failed_at` integer,
	PRIMARY KEY(`guild_id`, `role_id`)
);
