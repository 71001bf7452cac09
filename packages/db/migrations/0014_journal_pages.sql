DROP INDEX `travels_owner_start_idx`;--> statement-breakpoint
CREATE INDEX `travels_owner_start_idx` ON `travels` (`ownerId`,`startDate`,`id`);