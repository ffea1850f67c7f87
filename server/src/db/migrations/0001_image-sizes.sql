ALTER TABLE "processed_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "processed_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "processed_images" ADD COLUMN "result_width" integer;--> statement-breakpoint
ALTER TABLE "processed_images" ADD COLUMN "result_height" integer;