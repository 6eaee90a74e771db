ALTER TABLE "credit_transactions" DROP CONSTRAINT "credit_transactions_user_id_credit_accounts_user_id_fk";
