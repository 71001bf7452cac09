CREATE TABLE `booking_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`tripId` text NOT NULL,
	`bookingKey` text NOT NULL,
	`type` text NOT NULL,
	`confirmationNumber` text,
	`start` text NOT NULL,
	`eventIds` text NOT NULL,
	`expenseId` text,
	`cancelledAt` integer,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_imports_trip_key_idx` ON `booking_imports` (`tripId`,`bookingKey`);--> statement-breakpoint
CREATE INDEX `booking_imports_trip_confirmation_idx` ON `booking_imports` (`tripId`,`type`,`confirmationNumber`);