CREATE TABLE "mail_notices" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"occasion" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_notices_user_id_kind_occasion_pk" PRIMARY KEY("user_id","kind","occasion")
);
--> statement-breakpoint
ALTER TABLE "mail_notices" ADD CONSTRAINT "mail_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;