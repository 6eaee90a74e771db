import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SectionCard } from '../../../components/ui/section-card';
import { fieldProps } from '../../../lib/forms/field-props';
import { trimmed } from '../../../lib/forms/text-fields';
import { accountErrorMessage } from '../api/auth-call';
import { useChangeEmail } from '../api/change-email';
import { emailChangeSentMessage } from '../utils/email-change-message';
import { ProfileNotice } from './profile-notice';

/** A new address: a valid one (the sign-up rule), and not the one the account has now. */
function newEmailSchema(current: string) {
  return z.object({
    newEmail: trimmed(signUpRequestSchema.shape.email).refine(
      (email) => email.toLowerCase() !== current.toLowerCase(),
      'This is already your email address',
    ),
  });
}

/** Changing the address needs the new one confirmed: nothing changes until its link is opened. */
export function EmailForm({ email, emailVerified }: { email: string; emailVerified: boolean }) {
  const schema = useMemo(() => newEmailSchema(email), [email]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });
  const change = useChangeEmail();
  const submit = form.handleSubmit(({ newEmail }) => change.mutate(newEmail));

  return (
    <SectionCard
      id="profile-email"
      title="Email"
      description={
        <>
          Signed in as <span className="text-zinc-200">{email}</span>
          {emailVerified ? ' (verified)' : ' (not verified)'}
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Input
          label="New email address"
          type="email"
          autoComplete="email"
          {...fieldProps(form, 'newEmail')}
        />
        {change.isError && (
          <ProfileNotice tone="error">{accountErrorMessage(change.error)}</ProfileNotice>
        )}
        {change.isSuccess && (
          <ProfileNotice tone="success">{emailChangeSentMessage(change.variables)}</ProfileNotice>
        )}
        <div>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            Change email
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
