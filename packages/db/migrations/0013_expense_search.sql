DROP INDEX `expenses_trip_date_idx`;--> statement-breakpoint
DROP INDEX `expenses_trip_category_date_idx`;--> statement-breakpoint
CREATE INDEX `expenses_trip_date_idx` ON `expenses` (`tripId`,"date" DESC,"createdAt" DESC,`id`);--> statement-breakpoint
CREATE INDEX `expenses_trip_category_date_idx` ON `expenses` (`tripId`,`categoryId`,"date" DESC,"createdAt" DESC,`id`);--> statement-breakpoint
-- Written by hand (drizzle cannot declare virtual tables): the words of each expense's title,
-- notes and location for `q`, an FTS5 index over the expenses table's own rows, kept by the
-- triggers below in the same transaction as every insert, change and delete.
CREATE VIRTUAL TABLE `expense_search` USING fts5(`title`, `notes`, `location`, content='expenses', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');--> statement-breakpoint
INSERT INTO `expense_search`(`expense_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `expenses_search_insert` AFTER INSERT ON `expenses` BEGIN
  INSERT INTO `expense_search`(`rowid`, `title`, `notes`, `location`) VALUES (new.`rowid`, new.`title`, new.`notes`, new.`location`);
END;--> statement-breakpoint
CREATE TRIGGER `expenses_search_delete` AFTER DELETE ON `expenses` BEGIN
  INSERT INTO `expense_search`(`expense_search`, `rowid`, `title`, `notes`, `location`) VALUES ('delete', old.`rowid`, old.`title`, old.`notes`, old.`location`);
END;--> statement-breakpoint
CREATE TRIGGER `expenses_search_update` AFTER UPDATE OF `title`, `notes`, `location` ON `expenses` BEGIN
  INSERT INTO `expense_search`(`expense_search`, `rowid`, `title`, `notes`, `location`) VALUES ('delete', old.`rowid`, old.`title`, old.`notes`, old.`location`);
  INSERT INTO `expense_search`(`rowid`, `title`, `notes`, `location`) VALUES (new.`rowid`, new.`title`, new.`notes`, new.`location`);
END;
