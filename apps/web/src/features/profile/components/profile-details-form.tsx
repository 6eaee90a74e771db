import { useState, type FormEvent } from 'react';
import type { Profile } from '@nocturne/contract/users/get-profile';
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  validateUsername,
} from '@nocturne/contract/users/username';
import { PROFILE_NAME_MAX_LENGTH } from '@nocturne/contract/users/update-profile';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useUpdateProfile } from '../api/update-profile';
import { SectionCard } from '../../../components/ui/section-card';
import { ProfileNotice } from './profile-notice';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken.';
export const PROFILE_SAVED_MESSAGE = 'Profile saved.';
/** The rule's own bounds: 20 itself is allowed, so the field stops there. */
export const USERNAME_HINT = `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, numbers, underscores or hyphens`;

/** Name and username with the spec §5 rules checked as the person types, before any request. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const [name, setName] = useState(profile.name);
  const [username, setUsername] = useState(profile.username ?? '');
  const [touched, setTouched] = useState(false);
  const update = useUpdateProfile();

  const usernameError = touched ? validateUsername(username) : null;
  const nameError = touched && name.trim() === '' ? 'Name is required' : null;
  const taken = isApiError(update.error) && update.error.code === 'ALREADY_EXISTS';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (validateUsername(username) || name.trim() === '') return;
    update.mutate({ name: name.trim(), username });
  }

  return (
    <SectionCard id="profile-details" title="Profile" description="How you appear in Nocturne.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Input
          label="Name"
          value={name}
          maxLength={PROFILE_NAME_MAX_LENGTH}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
          error={nameError ?? undefined}
        />
        <Input
          label="Username"
          value={username}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="username"
          spellCheck={false}
          onChange={(event) => {
            setUsername(event.target.value);
            setTouched(true);
            update.reset();
          }}
          error={usernameError ?? (taken ? USERNAME_TAKEN_MESSAGE : undefined)}
          hint={USERNAME_HINT}
        />
        {update.isError && !taken && (
          <ProfileNotice tone="error">{getErrorMessage(update.error)}</ProfileNotice>
        )}
        {update.isSuccess && <ProfileNotice tone="success">{PROFILE_SAVED_MESSAGE}</ProfileNotice>}
        <div>
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
