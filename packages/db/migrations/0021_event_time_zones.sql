ALTER TABLE `events` ADD `timeZone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `endDate` text;--> statement-breakpoint
ALTER TABLE `events` ADD `endTimeZone` text;--> statement-breakpoint
ALTER TABLE `events` ADD `endLocation` text;--> statement-breakpoint
ALTER TABLE `events` ADD `confirmationNumber` text;--> statement-breakpoint
-- Events made before zones were stored took their trip's zone.
UPDATE `events` SET `timeZone` = (SELECT `trips`.`timeZone` FROM `trips` WHERE `trips`.`id` = `events`.`tripId`);
