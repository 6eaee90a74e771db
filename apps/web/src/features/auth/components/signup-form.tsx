import { useState, type FormEvent } from 'react';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { PASSWORD_MIN_LENGTH } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useSignUp } from '../api/sign-up';
import { AuthCard, AuthCardFooterLink } from './auth-card';
import { EmailField, PasswordField } from './credential-fields';
import { fieldErrors } from './field-errors';
import { Notice } from './notice';

type SignUpField = 'name' | 'email' | 'password' | 'ageConfirmed';

export const AGE_CONFIRMATION_LABEL = 'I confirm that I am 18 years of age or older';

export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SignUpField, string>>>({});
  const signUp = useSignUp();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpRequestSchema.safeParse({
      name,
      email: email.trim(),
      password,
      ageConfirmed,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<SignUpField>(parsed.error));
      return;
    }
    setErrors({});
    const input = parsed.data;
    signUp.mutate(input, { onSuccess: () => onSuccess(input.email) });
  }

  return (
    <AuthCard
      title="Create Account"
      subtitle="Start free - no card needed. Nocturne is for adults only."
      footer={
        <AuthCardFooterLink prompt="Already have an account?" to={paths.auth.login.getHref()}>
          Sign In
        </AuthCardFooterLink>
      }
    >
      {/* noValidate: our schema owns validation, so an unchecked 18+ box still shows its message. */}
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {signUp.isError && <Notice tone="error">{signUp.error.message}</Notice>}
        <Input
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <PasswordField
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Checkbox
          label={AGE_CONFIRMATION_LABEL}
          name="ageConfirmed"
          checked={ageConfirmed}
          onChange={(event) => setAgeConfirmed(event.target.checked)}
          error={errors.ageConfirmed}
        />
        <Button type="submit" size="lg" fullWidth loading={signUp.isPending} className="mt-2">
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
