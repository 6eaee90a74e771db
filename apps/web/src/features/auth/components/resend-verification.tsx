import { Button } from '../../../components/ui/button';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { Notice } from './notice';

export const VERIFICATION_SENT_MESSAGE = 'Verification email sent.';

/** 'Resend verification email' with its outcome announced next to it. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="glass"
        fullWidth
        loading={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        Resend verification email
      </Button>
      {resend.isSuccess && <Notice tone="success">{VERIFICATION_SENT_MESSAGE}</Notice>}
      {resend.isError && <Notice tone="error">{resend.error.message}</Notice>}
    </div>
  );
}
