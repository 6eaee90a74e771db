import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { accountErrorMessage } from '../api/auth-call';
import { useChangeEmail } from '../api/change-email';
import { emailChangeSentMessage } from '../utils/email-change-message';
import { SectionCard } from '../../../components/ui/section-card';
import { ProfileNotice } from './profile-notice';

const emailSchema = z.email('Enter a valid email address');

/** Changing the address needs the new one confirmed: nothing changes until its link is opened. */
export function EmailForm({ email, emailVerified }: { email: string; emailVerified: boolean }) {
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeEmail();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(newEmail.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    if (parsed.data.toLowerCase() === email.toLowerCase()) {
      setError('This is already your email address');
      return;
    }
    setError(null);
    change.mutate(parsed.data);
  }

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
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={error ?? undefined}
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
