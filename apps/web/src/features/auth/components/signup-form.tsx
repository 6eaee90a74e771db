import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { PASSWORD_MIN_LENGTH } from '@nocturne/contract/constants';
import { limitHint } from '../../../components/forms/limit-hint';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormErrorSummary } from '../../../components/ui/form-error-summary';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { fieldProps } from '../../../lib/forms/field-props';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';
import { trimmed } from '../../../lib/forms/text-fields';
import { useSignUp } from '../api/sign-up';
import { AuthCard, AuthCardFooterLink } from './auth-card';
import { EmailField, PasswordField } from './credential-fields';
import { Notice } from './notice';

export const AGE_CONFIRMATION_LABEL = 'I confirm that I am 18 years of age or older';

/** The name's limit, the contract's own: said in the name's error and counted near it. */
const NAME_MAX_LENGTH = signUpRequestSchema.shape.name.maxLength ?? 100;

/** The sign-up body; the 18+ box starts unticked, and only a tick passes the contract's rule. */
const signUpFormSchema = signUpRequestSchema.omit({ callbackURL: true }).extend({
  name: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, lengthLimitMessage('Name', NAME_MAX_LENGTH))
    .pipe(signUpRequestSchema.shape.name),
  email: trimmed(signUpRequestSchema.shape.email),
  ageConfirmed: z.boolean().pipe(signUpRequestSchema.shape.ageConfirmed),
});

export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '', ageConfirmed: false },
  });
  const nameLength = useWatch({ control: form.control, name: 'name' }).trim().length;
  const signUp = useSignUp();
  const submit = form.handleSubmit((input) =>
    signUp.mutate(input, { onSuccess: () => onSuccess(input.email) }),
  );

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
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {signUp.isError && <Notice tone="error">{signUp.error.message}</Notice>}
        <FormErrorSummary
          errors={form.formState.errors}
          labels={{
            name: 'Name',
            email: 'Email',
            password: 'Password',
            ageConfirmed: 'Age confirmation',
          }}
          submitCount={form.formState.submitCount}
        />
        <Input
          label="Name"
          autoComplete="name"
          hint={limitHint(undefined, nameLength, NAME_MAX_LENGTH)}
          {...fieldProps(form, 'name')}
        />
        <EmailField field={fieldProps(form, 'email')} />
        <PasswordField
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          field={fieldProps(form, 'password')}
        />
        <Checkbox label={AGE_CONFIRMATION_LABEL} {...fieldProps(form, 'ageConfirmed')} />
        <Button type="submit" size="lg" fullWidth loading={signUp.isPending} className="mt-2">
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
