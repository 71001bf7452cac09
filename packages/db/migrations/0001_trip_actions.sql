CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`tripId` text NOT NULL,
	`fileName` text NOT NULL,
	`contentType` text NOT NULL,
	`sizeBytes` integer NOT NULL,
	`storageKey` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `photos_storageKey_unique` ON `photos` (`storageKey`);--> statement-breakpoint
CREATE INDEX `photos_trip_idx` ON `photos` (`tripId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `saved_trips` (
	`userId` text NOT NULL,
	`tripId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`userId`, `tripId`),
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `trip_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`ownerId` text NOT NULL,
	`destination` text NOT NULL,
	`startDate` text NOT NULL,
	`endDate` text NOT NULL,
	`budget` integer NOT NULL,
	`travelStyle` text NOT NULL,
	`activities` text DEFAULT '[]' NOT NULL,
	`customExperiences` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`adults` integer DEFAULT 2 NOT NULL,
	`children` integer DEFAULT 0 NOT NULL,
	`rooms` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trip_requests_owner_idx` ON `trip_requests` (`ownerId`,`createdAt`);--> statement-breakpoint
ALTER TABLE `trips` ADD `hotelPhone` text;--> statement-breakpoint
ALTER TABLE `trips` ADD `conciergePhone` text;--> statement-breakpoint
ALTER TABLE `trips` ADD `shareToken` text;--> statement-breakpoint
ALTER TABLE `trips` ADD `calendarToken` text;--> statement-breakpoint
CREATE UNIQUE INDEX `trips_shareToken_unique` ON `trips` (`shareToken`);--> statement-breakpoint
CREATE UNIQUE INDEX `trips_calendarToken_unique` ON `trips` (`calendarToken`);--> statement-breakpoint
ALTER TABLE `travels` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `travels` ADD `longitude` real;--> statement-breakpoint
CREATE UNIQUE INDEX `travels_trip_unique` ON `travels` (`tripId`);