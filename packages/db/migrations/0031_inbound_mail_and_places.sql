CREATE TABLE `inbound_addresses` (
	`userId` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_addresses_token_unique` ON `inbound_addresses` (`token`);--> statement-breakpoint
CREATE TABLE `inbound_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`messageId` text NOT NULL,
	`userId` text NOT NULL,
	`raw` blob NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`claimedBy` text,
	`claimedUntil` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`tripId` text,
	`outcome` text,
	`receivedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`processedAt` integer,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_mails_messageId_unique` ON `inbound_mails` (`messageId`);--> statement-breakpoint
CREATE INDEX `inbound_mails_status_idx` ON `inbound_mails` (`status`,`receivedAt`);--> statement-breakpoint
ALTER TABLE `wishlist_items` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `wishlist_items` ADD `longitude` real;