CREATE TABLE `export_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`claimedAt` integer,
	`token` text,
	`archive` blob,
	`sizeBytes` integer,
	`expiresAt` integer,
	`downloadedAt` integer,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `export_jobs_user_idx` ON `export_jobs` (`userId`,`createdAt`);