CREATE TABLE `proposal_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`proposalId` text NOT NULL,
	`userId` text NOT NULL,
	`comment` text NOT NULL,
	`rating` integer,
	`itemReference` text,
	`version` integer DEFAULT 1 NOT NULL,
	`requestedRevisions` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`addressedAt` integer,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`proposalId`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `proposal_feedback_proposal_idx` ON `proposal_feedback` (`proposalId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `proposal_items` (
	`id` text PRIMARY KEY NOT NULL,
	`proposalId` text NOT NULL,
	`day` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`type` text DEFAULT 'activity' NOT NULL,
	`startTime` text NOT NULL,
	`endTime` text NOT NULL,
	`location` text,
	`cost` integer DEFAULT 0 NOT NULL,
	`included` integer DEFAULT true NOT NULL,
	`notes` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`proposalId`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `proposal_items_proposal_idx` ON `proposal_items` (`proposalId`,`day`,`startTime`);--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`agentId` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`destination` text NOT NULL,
	`startDate` text NOT NULL,
	`endDate` text NOT NULL,
	`expiryDate` text NOT NULL,
	`budget` integer DEFAULT 0 NOT NULL,
	`imageUrl` text,
	`highlights` text DEFAULT '[]' NOT NULL,
	`inclusions` text DEFAULT '[]' NOT NULL,
	`exclusions` text DEFAULT '[]' NOT NULL,
	`availabilityId` text,
	`occasionId` text,
	`tripRequestId` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`submittedAt` integer,
	`viewedAt` integer,
	`decidedAt` integer,
	`tripId` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updatedAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agentId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`availabilityId`) REFERENCES `availability`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`occasionId`) REFERENCES `occasions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tripRequestId`) REFERENCES `trip_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tripId`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `proposals_user_idx` ON `proposals` (`userId`,`status`);--> statement-breakpoint
CREATE INDEX `proposals_agent_idx` ON `proposals` (`agentId`);