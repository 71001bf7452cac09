CREATE TABLE `idempotency_keys` (
	`userId` text NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`response` text,
	`createdAt` integer NOT NULL,
	PRIMARY KEY(`userId`, `scope`, `key`),
	FOREIGN KEY (`userId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at_idx` ON `idempotency_keys` (`createdAt`);--> statement-breakpoint
ALTER TABLE `expense_idempotency_keys` ADD `fingerprint` text;--> statement-breakpoint
CREATE INDEX `expense_idempotency_keys_created_at_idx` ON `expense_idempotency_keys` (`createdAt`);