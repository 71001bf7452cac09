-- The table and indexes are drizzle-kit's; the triggers and the backfill below are written by
-- hand (drizzle cannot declare triggers). travel_places keeps, per traveller and point, how
-- many journal entries sit there and the newest of them (start date, then id), in the same
-- transaction as every change to travels.
CREATE TABLE `travel_places` (
	`ownerId` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`count` integer NOT NULL,
	`newestStartDate` text NOT NULL,
	`newestId` text NOT NULL,
	PRIMARY KEY(`ownerId`, `latitude`, `longitude`),
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `travels_owner_place_idx` ON `travels` (`ownerId`,`latitude`,`longitude`,`startDate`,`id`);--> statement-breakpoint
CREATE INDEX `travels_owner_unplaced_idx` ON `travels` (`ownerId`,`startDate`,`id`) WHERE `latitude` IS NULL;--> statement-breakpoint
INSERT INTO `travel_places` (`ownerId`, `latitude`, `longitude`, `count`, `newestStartDate`, `newestId`)
SELECT `ownerId`, `latitude`, `longitude`, count(*), max(`startDate`), (
  SELECT t.`id` FROM `travels` t WHERE t.`ownerId` = g.`ownerId` AND t.`latitude` = g.`latitude` AND t.`longitude` = g.`longitude` ORDER BY t.`startDate` DESC, t.`id` DESC LIMIT 1
) FROM `travels` g WHERE `latitude` IS NOT NULL AND `longitude` IS NOT NULL GROUP BY `ownerId`, `latitude`, `longitude`;--> statement-breakpoint
CREATE TRIGGER `travels_places_insert` AFTER INSERT ON `travels` WHEN new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL BEGIN
  INSERT INTO `travel_places` (`ownerId`, `latitude`, `longitude`, `count`, `newestStartDate`, `newestId`)
  VALUES (new.`ownerId`, new.`latitude`, new.`longitude`, 1, new.`startDate`, new.`id`)
  ON CONFLICT (`ownerId`, `latitude`, `longitude`) DO UPDATE SET
    `count` = `count` + 1,
    `newestStartDate` = CASE WHEN (excluded.`newestStartDate`, excluded.`newestId`) > (`newestStartDate`, `newestId`) THEN excluded.`newestStartDate` ELSE `newestStartDate` END,
    `newestId` = CASE WHEN (excluded.`newestStartDate`, excluded.`newestId`) > (`newestStartDate`, `newestId`) THEN excluded.`newestId` ELSE `newestId` END;
END;--> statement-breakpoint
CREATE TRIGGER `travels_places_delete` AFTER DELETE ON `travels` WHEN old.`latitude` IS NOT NULL AND old.`longitude` IS NOT NULL BEGIN
  DELETE FROM `travel_places` WHERE `ownerId` = old.`ownerId` AND `latitude` = old.`latitude` AND `longitude` = old.`longitude` AND `count` <= 1;
  UPDATE `travel_places` SET
    `count` = `count` - 1,
    (`newestStartDate`, `newestId`) = (
      SELECT t.`startDate`, t.`id` FROM `travels` t
      WHERE t.`ownerId` = old.`ownerId` AND t.`latitude` = old.`latitude` AND t.`longitude` = old.`longitude`
      ORDER BY t.`startDate` DESC, t.`id` DESC LIMIT 1
    )
  WHERE `ownerId` = old.`ownerId` AND `latitude` = old.`latitude` AND `longitude` = old.`longitude`;
END;--> statement-breakpoint
CREATE TRIGGER `travels_places_update` AFTER UPDATE OF `ownerId`, `latitude`, `longitude`, `startDate` ON `travels` BEGIN
  DELETE FROM `travel_places` WHERE `ownerId` = old.`ownerId` AND `latitude` = old.`latitude` AND `longitude` = old.`longitude`
    AND NOT EXISTS (SELECT 1 FROM `travels` t WHERE t.`ownerId` = old.`ownerId` AND t.`latitude` = old.`latitude` AND t.`longitude` = old.`longitude`);
  UPDATE `travel_places` SET
    (`count`, `newestStartDate`, `newestId`) = (
      SELECT count(*), max(t.`startDate`), (
        SELECT u.`id` FROM `travels` u WHERE u.`ownerId` = old.`ownerId` AND u.`latitude` = old.`latitude` AND u.`longitude` = old.`longitude`
        ORDER BY u.`startDate` DESC, u.`id` DESC LIMIT 1
      ) FROM `travels` t WHERE t.`ownerId` = old.`ownerId` AND t.`latitude` = old.`latitude` AND t.`longitude` = old.`longitude`
    )
  WHERE `ownerId` = old.`ownerId` AND `latitude` = old.`latitude` AND `longitude` = old.`longitude`;
  INSERT INTO `travel_places` (`ownerId`, `latitude`, `longitude`, `count`, `newestStartDate`, `newestId`)
  SELECT new.`ownerId`, new.`latitude`, new.`longitude`, count(*), max(t.`startDate`), (
    SELECT u.`id` FROM `travels` u WHERE u.`ownerId` = new.`ownerId` AND u.`latitude` = new.`latitude` AND u.`longitude` = new.`longitude`
    ORDER BY u.`startDate` DESC, u.`id` DESC LIMIT 1
  ) FROM `travels` t WHERE new.`latitude` IS NOT NULL AND new.`longitude` IS NOT NULL
    AND t.`ownerId` = new.`ownerId` AND t.`latitude` = new.`latitude` AND t.`longitude` = new.`longitude`
  ON CONFLICT (`ownerId`, `latitude`, `longitude`) DO UPDATE SET `count` = excluded.`count`, `newestStartDate` = excluded.`newestStartDate`, `newestId` = excluded.`newestId`;
END;
