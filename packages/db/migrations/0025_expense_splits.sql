CREATE TABLE `expense_shares` (
	`expenseId` text NOT NULL,
	`participantId` text NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`expenseId`, `participantId`),
	FOREIGN KEY (`expenseId`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `expenses` ADD `kind` text DEFAULT 'expense' NOT NULL;--> statement-breakpoint
ALTER TABLE `expenses` ADD `paidBy` text;