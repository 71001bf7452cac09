-- The table is drizzle-kit's; the backfill and the triggers below are written by hand
-- (drizzle cannot declare triggers). travel_years keeps, per traveller, how many journal
-- entries start in one calendar year and end in another, in the same transaction as every
-- change to travels.
CREATE TABLE `travel_years` (
	`ownerId` text NOT NULL,
	`startYear` integer NOT NULL,
	`endYear` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`ownerId`, `startYear`, `endYear`),
	FOREIGN KEY (`ownerId`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `travel_years` (`ownerId`, `startYear`, `endYear`, `count`)
SELECT `ownerId`, CAST(substr(`startDate`, 1, 4) AS INTEGER), CAST(substr(`endDate`, 1, 4) AS INTEGER), count(*) FROM `travels` GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER `travels_years_insert` AFTER INSERT ON `travels` BEGIN
  INSERT INTO `travel_years` (`ownerId`, `startYear`, `endYear`, `count`) VALUES (new.`ownerId`, CAST(substr(new.`startDate`, 1, 4) AS INTEGER), CAST(substr(new.`endDate`, 1, 4) AS INTEGER), 1)
  ON CONFLICT (`ownerId`, `startYear`, `endYear`) DO UPDATE SET `count` = `count` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `travels_years_delete` AFTER DELETE ON `travels` BEGIN
  DELETE FROM `travel_years` WHERE `ownerId` = old.`ownerId` AND `startYear` = CAST(substr(old.`startDate`, 1, 4) AS INTEGER) AND `endYear` = CAST(substr(old.`endDate`, 1, 4) AS INTEGER) AND `count` <= 1;
  UPDATE `travel_years` SET `count` = `count` - 1 WHERE `ownerId` = old.`ownerId` AND `startYear` = CAST(substr(old.`startDate`, 1, 4) AS INTEGER) AND `endYear` = CAST(substr(old.`endDate`, 1, 4) AS INTEGER);
END;--> statement-breakpoint
CREATE TRIGGER `travels_years_update` AFTER UPDATE OF `ownerId`, `startDate`, `endDate` ON `travels` BEGIN
  DELETE FROM `travel_years` WHERE `ownerId` = old.`ownerId` AND `startYear` = CAST(substr(old.`startDate`, 1, 4) AS INTEGER) AND `endYear` = CAST(substr(old.`endDate`, 1, 4) AS INTEGER) AND `count` <= 1;
  UPDATE `travel_years` SET `count` = `count` - 1 WHERE `ownerId` = old.`ownerId` AND `startYear` = CAST(substr(old.`startDate`, 1, 4) AS INTEGER) AND `endYear` = CAST(substr(old.`endDate`, 1, 4) AS INTEGER);
  INSERT INTO `travel_years` (`ownerId`, `startYear`, `endYear`, `count`) VALUES (new.`ownerId`, CAST(substr(new.`startDate`, 1, 4) AS INTEGER), CAST(substr(new.`endDate`, 1, 4) AS INTEGER), 1)
  ON CONFLICT (`ownerId`, `startYear`, `endYear`) DO UPDATE SET `count` = `count` + 1;
END;
