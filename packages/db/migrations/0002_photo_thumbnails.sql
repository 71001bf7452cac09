ALTER TABLE `photos` ADD `thumbnailKey` text;--> statement-breakpoint
CREATE UNIQUE INDEX `photos_thumbnailKey_unique` ON `photos` (`thumbnailKey`);