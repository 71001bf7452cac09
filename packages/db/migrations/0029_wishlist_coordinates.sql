ALTER TABLE `wishlist_items` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `wishlist_items` ADD `longitude` real;