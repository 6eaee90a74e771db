import { useState, type FormEvent } from 'react';
import {
  recoveryCodeSchema,
  TOTP_CODE_LENGTH,
  totpCodeSchema,
  TRUST_DEVICE_DAYS,
  TWO_FACTOR_RESTART_CODES,
} from '@nocturne/contract/auth/two-factor';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { AuthRequestError } from '../api/auth-error';
import { useVerifyTwoFactor, type VerifyTwoFactorInput } from '../api/verify-two-factor';
import { AuthCard } from './auth-card';
import { Notice } from './notice';

const COPY = {
  totp: {
    subtitle: `Enter the ${TOTP_CODE_LENGTH}-digit code your authenticator app shows for Nocturne.`,
    switchTo: 'Use a recovery code instead',
  },
  recovery: {
    subtitle: 'Enter one of the recovery codes you saved. Each code works once.',
    switchTo: 'Use your authenticator app instead',
  },
} as const;

const linkClasses = 'rounded text-sm text-accent-300 hover:text-accent-200';

/**
 * The sign-in's second step, shown when the password was right and the account has two-factor
 * sign-in on. `onRestart` goes back to the password with a reason when the pending sign-in is
 * gone (expired, or too many wrong codes).
 */
export function TwoFactorStep({
  onSuccess,
  onRestart,
}: {
  onSuccess: () => void;
  onRestart: (reason?: string) => void;
}) {
  const [method, setMethod] = useState<VerifyTwoFactorInput['method']>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const verify = useVerifyTwoFactor();
  const failure = verify.error instanceof AuthRequestError ? verify.error : null;

  function switchMethod() {
    setMethod(method === 'totp' ? 'recovery' : 'totp');
    setCode('');
    setFieldError(undefined);
    verify.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (method === 'totp' ? totpCodeSchema : recoveryCodeSchema).safeParse(code);
    verify.reset();
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    verify.mutate(
      { method, code: parsed.data, trustDevice },
      {
        onSuccess,
        onError: (error) => {
          if (error instanceof AuthRequestError && TWO_FACTOR_RESTART_CODES.has(error.code ?? '')) {
            onRestart(error.message);
          }
        },
      },
    );
  }

  return (
    <AuthCard title="Two-Factor Sign-In" subtitle={COPY[method].subtitle}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {failure && <Notice tone="error">{failure.message}</Notice>}
        {method === 'totp' ? (
          <Input
            key="totp"
            label="Authentication code"
            name="totp"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            autoFocus
            value={code}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))
            }
            error={fieldError}
            className="font-mono text-lg tracking-[0.3em]"
          />
        ) : (
          <Input
            key="recovery"
            label="Recovery code"
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
            className="font-mono"
          />
        )}
        <Checkbox
          label={`Trust this device for ${TRUST_DEVICE_DAYS} days`}
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
        />
        <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-2">
          <button type="button" onClick={switchMethod} className={linkClasses}>
            {COPY[method].switchTo}
          </button>
          <button type="button" onClick={() => onRestart()} className={linkClasses}>
            Back to sign-in
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
