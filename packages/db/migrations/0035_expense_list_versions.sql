CREATE TABLE `expense_list_versions` (
	`tripId` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);--> statement-breakpoint
-- Written by hand (drizzle cannot declare triggers): each change to a trip's expenses or to
-- their parts adds one to the trip's number, in the same transaction (see expenseListVersions).
CREATE TRIGGER `expenses_version_insert` AFTER INSERT ON `expenses` BEGIN
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT new.`tripId`, 1 WHERE true ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `expenses_version_update` AFTER UPDATE ON `expenses` BEGIN
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT new.`tripId`, 1 WHERE true ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT old.`tripId`, 1 WHERE old.`tripId` IS NOT new.`tripId` ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
-- Not for the expenses of a trip being deleted (already gone when they go with it).
CREATE TRIGGER `expenses_version_delete` AFTER DELETE ON `expenses` BEGIN
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT old.`tripId`, 1 WHERE EXISTS (SELECT 1 FROM `trips` WHERE `id` = old.`tripId`) ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `expense_shares_version_insert` AFTER INSERT ON `expense_shares` BEGIN
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT `tripId`, 1 FROM `expenses` WHERE `id` = new.`expenseId` ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `expense_shares_version_update` AFTER UPDATE ON `expense_shares` BEGIN
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT `tripId`, 1 FROM `expenses` WHERE `id` = new.`expenseId` ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT `tripId`, 1 FROM `expenses` WHERE `id` = old.`expenseId` ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `expense_shares_version_delete` AFTER DELETE ON `expense_shares` BEGIN
  INSERT INTO `expense_list_versions` (`tripId`, `version`) SELECT `tripId`, 1 FROM `expenses` WHERE `id` = old.`expenseId` ON CONFLICT (`tripId`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `trips_expense_version_delete` AFTER DELETE ON `trips` BEGIN
  DELETE FROM `expense_list_versions` WHERE `tripId` = old.`id`;
END;
