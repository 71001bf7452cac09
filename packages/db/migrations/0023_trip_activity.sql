DROP INDEX `change_feed_created_at_idx`;--> statement-breakpoint
ALTER TABLE `change_feed` ADD `tripId` text REFERENCES trips(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `change_feed` ADD `actorId` text REFERENCES user(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `change_feed` ADD `action` text;--> statement-breakpoint
ALTER TABLE `change_feed` ADD `detail` text;--> statement-breakpoint
CREATE INDEX `change_feed_trip_idx` ON `change_feed` (`tripId`);--> statement-breakpoint
CREATE INDEX `change_feed_actor_idx` ON `change_feed` (`actorId`);--> statement-breakpoint
CREATE INDEX `change_feed_created_at_idx` ON `change_feed` (`createdAt`) WHERE "tripId" IS NULL;