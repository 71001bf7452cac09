CREATE TABLE `packing_items` (
	`id` text PRIMARY KEY NOT NULL,
	`tripId` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`assigneeId` text,
	`packed` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `packing_items_trip_idx` ON `packing_items` (`tripId`);--> statement-breakpoint
CREATE TABLE `packing_template_items` (
	`id` text PRIMARY KEY NOT NULL,
	`templateId` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`templateId`) REFERENCES `packing_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `packing_template_items_template_idx` ON `packing_template_items` (`templateId`);--> statement-breakpoint
CREATE TABLE `packing_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`ownerId` text NOT NULL,
	`name` text NOT NULL,
	`days` integer NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `packing_templates_owner_idx` ON `packing_templates` (`ownerId`);--> statement-breakpoint
CREATE TABLE `todos` (
	`id` text PRIMARY KEY NOT NULL,
	`tripId` text NOT NULL,
	`title` text NOT NULL,
	`dueDate` text,
	`assigneeId` text,
	`done` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `todos_trip_idx` ON `todos` (`tripId`);