CREATE TABLE `availability` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`startDate` text NOT NULL,
	`endDate` text NOT NULL,
	`isFlexible` integer DEFAULT false NOT NULL,
	`flexibilityDays` integer DEFAULT 3 NOT NULL,
	`preferredDuration` integer DEFAULT 7 NOT NULL,
	`priority` integer DEFAULT 3 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`notes` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `availability_user_dates_idx` ON `availability` (`userId`,`startDate`);--> statement-breakpoint
CREATE TABLE `occasions` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`date` text NOT NULL,
	`occasionType` text DEFAULT 'birthday' NOT NULL,
	`isRecurring` integer DEFAULT false NOT NULL,
	`participants` text DEFAULT '[]' NOT NULL,
	`importance` integer DEFAULT 3 NOT NULL,
	`celebrated` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `occasions_user_date_idx` ON `occasions` (`userId`,`date`);