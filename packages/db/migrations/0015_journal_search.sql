-- Written by hand (drizzle cannot declare virtual tables): the words of each journal entry's
-- title, location and description for the journal's search, an FTS5 index over the travels
-- table's own rows, kept by the triggers below in the same transaction as every change.
CREATE VIRTUAL TABLE `travel_search` USING fts5(`title`, `location`, `description`, content='travels', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');--> statement-breakpoint
INSERT INTO `travel_search`(`travel_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `travels_search_insert` AFTER INSERT ON `travels` BEGIN
  INSERT INTO `travel_search`(`rowid`, `title`, `location`, `description`) VALUES (new.`rowid`, new.`title`, new.`location`, new.`description`);
END;--> statement-breakpoint
CREATE TRIGGER `travels_search_delete` AFTER DELETE ON `travels` BEGIN
  INSERT INTO `travel_search`(`travel_search`, `rowid`, `title`, `location`, `description`) VALUES ('delete', old.`rowid`, old.`title`, old.`location`, old.`description`);
END;--> statement-breakpoint
CREATE TRIGGER `travels_search_update` AFTER UPDATE OF `title`, `location`, `description` ON `travels` BEGIN
  INSERT INTO `travel_search`(`travel_search`, `rowid`, `title`, `location`, `description`) VALUES ('delete', old.`rowid`, old.`title`, old.`location`, old.`description`);
  INSERT INTO `travel_search`(`rowid`, `title`, `location`, `description`) VALUES (new.`rowid`, new.`title`, new.`location`, new.`description`);
END;
