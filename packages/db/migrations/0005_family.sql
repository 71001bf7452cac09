CREATE TABLE `family_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`ownerId` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`type` text DEFAULT 'family' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_groups_owner_idx` ON `family_groups` (`ownerId`);--> statement-breakpoint
CREATE TABLE `family_members` (
	`id` text PRIMARY KEY NOT NULL,
	`groupId` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`relationship` text DEFAULT 'other' NOT NULL,
	`permission` text DEFAULT 'view' NOT NULL,
	`imageUrl` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`groupId`) REFERENCES `family_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_members_group_idx` ON `family_members` (`groupId`);--> statement-breakpoint
CREATE INDEX `family_members_email_idx` ON `family_members` (`email`);--> statement-breakpoint
CREATE TABLE `group_trips` (
	`id` text PRIMARY KEY NOT NULL,
	`groupId` text NOT NULL,
	`tripId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`groupId`) REFERENCES `family_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_trips_group_trip_idx` ON `group_trips` (`groupId`,`tripId`);--> statement-breakpoint
CREATE INDEX `group_trips_trip_idx` ON `group_trips` (`tripId`);