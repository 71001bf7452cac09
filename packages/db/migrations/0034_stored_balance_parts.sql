DROP INDEX `expenses_trip_balance_idx`;--> statement-breakpoint
ALTER TABLE `expenses` ADD `remainderBase` integer;--> statement-breakpoint
ALTER TABLE `expense_shares` ADD `tripId` text;--> statement-breakpoint
ALTER TABLE `expense_shares` ADD `kind` text DEFAULT 'expense' NOT NULL;--> statement-breakpoint
ALTER TABLE `expense_shares` ADD `amountBase` integer;--> statement-breakpoint
-- Written by hand: each part in the base currency with its expense's trip and kind, and what
-- rounding leaves on the payer, as balances worked them out when read (src/share-amounts.ts).
UPDATE expense_shares SET tripId = e.tripId, kind = e.kind,
  amountBase = CASE WHEN CAST(max(-9007199254740991, min(9007199254740991, round(coalesce(e.amount, 0)))) AS INTEGER) = 0 THEN 0
                    ELSE CAST(CAST(max(-9007199254740991, min(9007199254740991, round(coalesce(e.amountBase, 0)))) AS INTEGER) * expense_shares.amount
                              / CAST(max(-9007199254740991, min(9007199254740991, round(coalesce(e.amount, 0)))) AS INTEGER) AS INTEGER) END
  FROM expenses e WHERE e.id = expense_shares.expenseId;--> statement-breakpoint
UPDATE expenses SET remainderBase = CAST(max(-9007199254740991, min(9007199254740991, round(coalesce(amountBase, 0)))) AS INTEGER)
  - (SELECT sum(s.amountBase) FROM expense_shares s WHERE s.expenseId = expenses.id);--> statement-breakpoint
CREATE INDEX `expenses_trip_payer_idx` ON `expenses` (`tripId`,`paidBy`,`kind`,`amountBase`,`remainderBase`);--> statement-breakpoint
CREATE INDEX `expense_shares_trip_idx` ON `expense_shares` (`tripId`,`participantId`,`kind`,`amountBase`);
