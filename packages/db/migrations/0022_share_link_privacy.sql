ALTER TABLE `trips` ADD `shareShowsBookingReferences` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `trips` ADD `shareShowsTravellerNames` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `trips` ADD `shareShowsPrices` integer DEFAULT false NOT NULL;