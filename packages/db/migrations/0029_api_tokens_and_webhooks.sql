CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`name` text NOT NULL,
	`tokenHash` text NOT NULL,
	`hint` text NOT NULL,
	`scopes` text NOT NULL,
	`expiresAt` integer,
	`lastUsedAt` integer,
	`lastUsedAddress` text,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_tokenHash_unique` ON `api_tokens` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`messageSeq` integer NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`statusCode` integer,
	`latencyMs` integer NOT NULL,
	`responseExcerpt` text,
	FOREIGN KEY (`messageSeq`) REFERENCES `webhook_messages`(`seq`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_message_idx` ON `webhook_attempts` (`messageSeq`,`at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`createdAt` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`failingSince` integer,
	`disabledAt` integer,
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_user_idx` ON `webhook_endpoints` (`userId`);--> statement-breakpoint
CREATE TABLE `webhook_messages` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`endpointId` text NOT NULL,
	`eventType` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`createdAt` integer NOT NULL,
	`nextAttemptAt` integer NOT NULL,
	`retryUntil` integer NOT NULL,
	`deliveredAt` integer,
	FOREIGN KEY (`endpointId`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_messages_id_unique` ON `webhook_messages` (`id`);--> statement-breakpoint
CREATE INDEX `webhook_messages_due_idx` ON `webhook_messages` (`status`,`endpointId`,`seq`);