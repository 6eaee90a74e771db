import type { ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import type { FieldProps } from '../../../lib/forms/field-props';

/** The email field of the sign-in, sign-up and reset forms. */
export function EmailField({ field }: { field: FieldProps }) {
  return <Input label="Email" type="email" autoComplete="email" {...field} />;
}

/** The password field: `autoComplete` tells password managers to fill (sign-in) or suggest (sign-up). */
export function PasswordField({
  field,
  autoComplete,
  hint,
}: {
  field: FieldProps;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
}) {
  return (
    <Input label="Password" type="password" autoComplete={autoComplete} hint={hint} {...field} />
  );
}
