-- The webhook outbox's lease is next_attempt_at alone (decision 088): a claim moves it a lease
-- ahead and a recorded answer sets it again. locked_until was written by both and read by nothing.
ALTER TABLE "webhook_deliveries" DROP COLUMN "locked_until";
