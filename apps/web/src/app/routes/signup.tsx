import { useState } from 'react';
import { CheckEmail } from '../../features/auth/components/check-email';
import { SignupForm } from '../../features/auth/components/signup-form';

export function SignupRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) return <CheckEmail email={sentTo} />;
  return <SignupForm onSuccess={setSentTo} />;
}
