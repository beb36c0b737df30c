ALTER TABLE `tournaments` ADD `pairing_round` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `pairing_asked_by` text;--> statement-breakpoint
CREATE INDEX `tournaments_pairing` ON `tournaments` (`pairing_round`);