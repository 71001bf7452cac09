CREATE TABLE `inspiration_favourites` (
	`userId` text NOT NULL,
	`inspirationId` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`userId`, `inspirationId`),
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inspirationId`) REFERENCES `inspirations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `concierge_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`sender` text NOT NULL,
	`agentId` text,
	`message` text NOT NULL,
	`readAt` integer,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agentId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `concierge_messages_user_idx` ON `concierge_messages` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `concierge_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`ownerId` text NOT NULL,
	`title` text NOT NULL,
	`type` text DEFAULT 'general' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`date` text,
	`notes` text,
	`assigneeId` text,
	`agentNotes` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigneeId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `concierge_requests_owner_idx` ON `concierge_requests` (`ownerId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `concierge_requests_status_idx` ON `concierge_requests` (`status`,`createdAt`);