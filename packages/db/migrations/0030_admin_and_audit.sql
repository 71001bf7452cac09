CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`actorId` text,
	`actorEmail` text,
	`targetId` text,
	`action` text NOT NULL,
	`clientAddress` text,
	`summary` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actorId`,`id`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`tokenHash` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`invitedBy` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expiresAt` integer NOT NULL,
	`acceptedAt` integer,
	FOREIGN KEY (`invitedBy`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_tokenHash_unique` ON `invitations` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
ALTER TABLE `user` ADD `deactivatedAt` integer;--> statement-breakpoint
ALTER TABLE `user` ADD `agentId` text REFERENCES user(id) ON DELETE set null;