CREATE TABLE `change_feed` (
	`position` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`rowId` text,
	`kind` text NOT NULL,
	`createdAt` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `change_feed_created_at_idx` ON `change_feed` (`createdAt`);