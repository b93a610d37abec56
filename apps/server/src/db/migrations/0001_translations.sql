CREATE TABLE "translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"original_hash" text NOT NULL,
	"original_text" text NOT NULL,
	"zh_hant" text,
	"en" text,
	"th" text,
	"ms" text,
	"ind" text,
	"jpa" text,
	"kor" text,
	"fr" text,
	"de" text,
	"ru" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_original_hash_unique" UNIQUE("original_hash")
);
