import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { Profile } from '@nocturne/contract/users/get-profile';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@nocturne/contract/users/username';
import {
  PROFILE_NAME_MAX_LENGTH,
  updateProfileBodySchema,
} from '@nocturne/contract/users/update-profile';
import { limitHint } from '../../../components/forms/limit-hint';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SectionCard } from '../../../components/ui/section-card';
import { isApiError } from '../../../lib/api-client';
import { fieldProps } from '../../../lib/forms/field-props';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileNotice } from './profile-notice';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken.';
export const PROFILE_SAVED_MESSAGE = 'Profile saved.';
/** The rule's own bounds: 20 itself is allowed, so the field stops there. */
export const USERNAME_HINT = `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, numbers, underscores or hyphens`;

/** The form sends both fields, each with its contract rule. */
const profileDetailsSchema = updateProfileBodySchema.required();

/**
 * Name and username with the spec §5 rules checked as the person types, before any request.
 * Neither field cuts what is typed at its limit: each counts near it and its error names it.
 */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const form = useForm({
    resolver: zodResolver(profileDetailsSchema),
    mode: 'onChange',
    defaultValues: { name: profile.name, username: profile.username ?? '' },
  });
  // Counted as the contract counts them: the name trimmed, the username as typed.
  const nameLength = useWatch({ control: form.control, name: 'name' }).trim().length;
  const usernameLength = useWatch({ control: form.control, name: 'username' }).length;
  const update = useUpdateProfile();
  const taken = isApiError(update.error) && update.error.code === 'ALREADY_EXISTS';
  const submit = form.handleSubmit((change) =>
    update.mutate(change, {
      onError: (error) => {
        if (isApiError(error) && error.code === 'ALREADY_EXISTS') {
          form.setError('username', { message: USERNAME_TAKEN_MESSAGE });
        }
      },
    }),
  );

  return (
    <SectionCard id="profile-details" title="Profile" description="How you appear in Nocturne.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Input
          label="Name"
          autoComplete="name"
          hint={limitHint(undefined, nameLength, PROFILE_NAME_MAX_LENGTH)}
          {...fieldProps(form, 'name')}
        />
        <Input
          label="Username"
          autoComplete="username"
          spellCheck={false}
          hint={limitHint(USERNAME_HINT, usernameLength, USERNAME_MAX_LENGTH)}
          {...fieldProps(form, 'username', { onChange: () => update.reset() })}
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
