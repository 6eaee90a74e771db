-- Catalog LoRAs on generations (issue 46): each row keeps the LoRAs it is made with (id, name,
-- file, weight), so history shows them and its variations, upscales and retries load the same ones.
ALTER TABLE "generations" ADD COLUMN "loras" jsonb DEFAULT '[]'::jsonb NOT NULL;