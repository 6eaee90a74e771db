import { paths } from '../../../config/paths';
import { AuthCard, AuthCardFooterLink } from './auth-card';
import { ResendVerification } from './resend-verification';

/** Shown after sign-up: the account activates through the emailed link. */
export function CheckEmail({ email }: { email: string }) {
  return (
    <AuthCard
      title="Check your email"
      footer={
        <AuthCardFooterLink prompt="Confirmed already?" to={paths.auth.login.getHref()}>
          Sign In
        </AuthCardFooterLink>
      }
    >
      <p className="text-[15px] leading-relaxed text-zinc-300">
        {`We sent a verification link to ${email}. Open it to activate your account.`}
      </p>
      <p className="mt-3 text-sm text-zinc-400">
        Nothing arrived after a few minutes? Check your spam folder or send it again.
      </p>
      <div className="mt-6">
        <ResendVerification email={email} />
      </div>
    </AuthCard>
  );
}
