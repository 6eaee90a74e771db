-- Inpainting (issue 46): a generation of kind `inpaint` repaints the white region of a mask on
-- one of the person's results. Its strength is a number (a variation's is a name), and its mask
-- waits beside the queue in `generation_masks` until the job completes, so that the API and the
-- worker share it through the database (docs/decisions/087-inpaint-mask-storage.md).
CREATE TABLE "generation_masks" (
	"generation_id" uuid PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" DROP CONSTRAINT "generations_kind_known";--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "inpaint_strength" double precision;--> statement-breakpoint
ALTER TABLE "generation_masks" ADD CONSTRAINT "generation_masks_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_kind_known" CHECK ("generations"."kind" in ('generate', 'variation', 'upscale', 'inpaint'));