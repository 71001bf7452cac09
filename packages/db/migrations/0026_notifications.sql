CREATE TABLE `notification_settings` (
	`userId` text PRIMARY KEY NOT NULL,
	`channels` text DEFAULT '{}' NOT NULL,
	`quietHours` text,
	`timeZone` text,
	`unsubscribeSecret` text NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`link` text NOT NULL,
	`dedupeKey` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`readAt` integer,
	`emailState` text DEFAULT 'pending' NOT NULL,
	`emailAt` integer,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `notifications_email_idx` ON `notifications` (`emailState`) WHERE "emailState" <> 'sent' AND "emailState" <> 'none';--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_idx` ON `notifications` (`userId`,`dedupeKey`);