ALTER TABLE `tournaments` ADD `pairing_round` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `pairing_by_game` text;--> statement-breakpoint
CREATE INDEX `tournaments_pairing` ON `tournaments` (`pairing_round`);