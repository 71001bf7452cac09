-- Written by hand (drizzle cannot declare triggers): every notice written or changed (a new one,
-- a batched trip notice counting up) adds a row to the change feed on the person's own
-- `notices:<userId>` topic, in the same statement, whoever wrote it (a procedure's batch or a
-- reminder computed by the server), so every open inbox of theirs updates live. Marking read
-- reports once per request from the service instead (read-all would add a row per notice).
CREATE TRIGGER `notifications_feed_insert` AFTER INSERT ON `notifications` BEGIN
  INSERT INTO `change_feed` (`topic`, `rowId`, `kind`, `createdAt`) VALUES ('notices:' || new.`userId`, new.`id`, 'notice', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `notifications_feed_update` AFTER UPDATE OF `title`, `body` ON `notifications` BEGIN
  INSERT INTO `change_feed` (`topic`, `rowId`, `kind`, `createdAt`) VALUES ('notices:' || new.`userId`, new.`id`, 'notice', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
