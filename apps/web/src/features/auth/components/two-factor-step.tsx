import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
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
import { digitsOnly } from '../../../lib/forms/digits-only';
import { fieldProps } from '../../../lib/forms/field-props';
import { AuthRequestError } from '../api/auth-error';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
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

/** The second step's body: the code is checked by the rule of the method in use. */
const secondStepSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema, trustDevice: z.boolean() }),
  z.object({ method: z.literal('recovery'), code: recoveryCodeSchema, trustDevice: z.boolean() }),
]);

type SecondStepValues = z.input<typeof secondStepSchema>;

/** A field's marks while the server's refusal of its code (the notice `noticeId`) stands. */
function refusedCodeProps(noticeId: string | undefined) {
  return noticeId ? { 'aria-invalid': true as const, 'aria-describedby': noticeId } : {};
}

/** The authenticator app's code (digits only, as typed or pasted). */
function TotpCodeField({
  control,
  refusedBy,
}: {
  control: Control<SecondStepValues>;
  /** The id of the notice saying the server refused the code, while it shows. */
  refusedBy?: string;
}) {
  return (
    <Controller
      control={control}
      name="code"
      render={({ field, fieldState }) => (
        <Input
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          autoFocus
          {...field}
          {...(fieldState.error ? {} : refusedCodeProps(refusedBy))}
          onChange={(event) => field.onChange(digitsOnly(event.target.value, TOTP_CODE_LENGTH))}
          error={fieldState.error?.message}
          className="font-mono text-lg tracking-[0.3em]"
        />
      )}
    />
  );
}

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
  const form = useForm<SecondStepValues, unknown, z.output<typeof secondStepSchema>>({
    resolver: zodResolver(secondStepSchema),
    defaultValues: { method: 'totp', code: '', trustDevice: false },
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const verify = useVerifyTwoFactor();
  const failure = verify.error instanceof AuthRequestError ? verify.error : null;
  const noticeId = useId();
  const refusedBy = failure ? noticeId : undefined;

  function switchMethod() {
    form.reset({ ...form.getValues(), method: method === 'totp' ? 'recovery' : 'totp', code: '' });
    verify.reset();
  }

  const submit = form.handleSubmit(
    (input) =>
      verify.mutate(input, {
        onSuccess,
        onError: (error) => {
          if (error instanceof AuthRequestError && TWO_FACTOR_RESTART_CODES.has(error.code ?? '')) {
            onRestart(error.message);
          } else {
            form.setFocus('code', { shouldSelect: true });
          }
        },
      }),
    () => verify.reset(),
  );

  return (
    <AuthCard title="Two-Factor Sign-In" subtitle={COPY[method].subtitle}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure && (
          <Notice tone="error" id={noticeId}>
            {failure.message}
          </Notice>
        )}
        {method === 'totp' ? (
          <TotpCodeField key="totp" control={form.control} refusedBy={refusedBy} />
        ) : (
          <Input
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            {...fieldProps(form, 'code')}
            {...(form.formState.errors.code ? {} : refusedCodeProps(refusedBy))}
            className="font-mono"
          />
        )}
        <Checkbox
          label={`Trust this device for ${TRUST_DEVICE_DAYS} days`}
          {...fieldProps(form, 'trustDevice')}
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
