CREATE TABLE `food_preferences` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`diets` text DEFAULT '[]' NOT NULL,
	`allergies` text,
	`notes` text,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `food_preferences_user_idx` ON `food_preferences` (`userId`);--> statement-breakpoint
CREATE TABLE `interest_categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`color` text NOT NULL,
	`iconName` text NOT NULL,
	`suggestions` text DEFAULT '[]' NOT NULL,
	`sortOrder` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interest_categories_name_unique` ON `interest_categories` (`name`);--> statement-breakpoint
CREATE TABLE `interests` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`categoryId` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`priority` integer DEFAULT 3 NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`categoryId`) REFERENCES `interest_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `interests_user_idx` ON `interests` (`userId`,`categoryId`);--> statement-breakpoint
CREATE TABLE `wishlist_items` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`location` text,
	`itemType` text DEFAULT 'experience' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wishlist_items_user_idx` ON `wishlist_items` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `travel_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`documentType` text NOT NULL,
	`documentName` text NOT NULL,
	`documentNumber` text NOT NULL,
	`issueDate` text,
	`expiryDate` text,
	`issuingCountry` text,
	`notes` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `travel_documents_user_idx` ON `travel_documents` (`userId`,`expiryDate`);