CREATE TABLE `category_budgets` (
	`id` text PRIMARY KEY NOT NULL,
	`tripId` text NOT NULL,
	`categoryId` integer NOT NULL,
	`amount` integer NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_budgets_trip_category_idx` ON `category_budgets` (`tripId`,`categoryId`);--> statement-breakpoint
CREATE TABLE `expense_idempotency_keys` (
	`userId` text NOT NULL,
	`key` text NOT NULL,
	`expenseId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`userId`, `key`),
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`expenseId`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `expense_totals` (
	`tripId` text NOT NULL,
	`categoryId` integer NOT NULL,
	`currency` text NOT NULL,
	`count` integer NOT NULL,
	`amount` integer NOT NULL,
	`amountBase` integer NOT NULL,
	PRIMARY KEY(`tripId`, `categoryId`, `currency`),
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` text PRIMARY KEY NOT NULL,
	`tripId` text NOT NULL,
	`title` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`categoryId` integer,
	`date` text NOT NULL,
	`notes` text,
	`paymentMethod` text,
	`location` text,
	`isReimbursable` integer DEFAULT false NOT NULL,
	`rateToBase` real NOT NULL,
	`rateIsManual` integer DEFAULT false NOT NULL,
	`amountBase` integer NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `expenses_trip_date_idx` ON `expenses` (`tripId`,`date`,`createdAt`);--> statement-breakpoint
CREATE INDEX `expenses_trip_category_date_idx` ON `expenses` (`tripId`,`categoryId`,`date`);