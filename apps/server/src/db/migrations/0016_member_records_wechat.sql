CREATE TABLE "wechat_binding" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scene" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"open_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_binding_scene_unique" UNIQUE("scene")
);
--> statement-breakpoint
CREATE TABLE "wechat_event_nonce" (
	"nonce" text NOT NULL,
	"timestamp" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_event_nonce_nonce_timestamp_pk" PRIMARY KEY("nonce","timestamp")
);
--> statement-breakpoint
ALTER TABLE "wechat_binding" ADD CONSTRAINT "wechat_binding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_binding_user_idx" ON "wechat_binding" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wechat_event_nonce_received_idx" ON "wechat_event_nonce" USING btree ("received_at");