CREATE TABLE `photo_files` (
	`key` text PRIMARY KEY NOT NULL,
	`bytes` blob NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `exchange_rate_tables` (
	`date` text PRIMARY KEY NOT NULL,
	`perEuro` text NOT NULL,
	`source` text NOT NULL,
	`importedAt` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expiresAt` integer NOT NULL
);
--> statement-breakpoint
-- A photo row that goes (deleted, or with its trip or its owner) takes its stored bytes along.
CREATE TRIGGER `photos_delete_files` AFTER DELETE ON `photos` BEGIN
	DELETE FROM `photo_files` WHERE `key` IN (OLD.`storageKey`, OLD.`thumbnailKey`);
END;
