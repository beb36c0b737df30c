ALTER TABLE `games` ADD `south_draw_offer_ply` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `north_draw_offer_ply` integer;