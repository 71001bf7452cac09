CREATE TABLE `throttle_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`resetAt` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `throttle_counters_reset_at_idx` ON `throttle_counters` (`resetAt`);