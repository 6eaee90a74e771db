import type { ReactNode } from 'react';
import { Input } from '../../../components/ui/input';

interface CredentialFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The email field of the sign-in and sign-up forms. */
export function EmailField({ value, onChange, error }: CredentialFieldProps) {
  return (
    <Input
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The password field: `autoComplete` tells password managers to fill (sign-in) or suggest (sign-up). */
export function PasswordField({
  value,
  onChange,
  error,
  autoComplete,
  hint,
}: CredentialFieldProps & { autoComplete: 'current-password' | 'new-password'; hint?: ReactNode }) {
  return (
    <Input
      label="Password"
      type="password"
      name="password"
      autoComplete={autoComplete}
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
