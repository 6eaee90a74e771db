import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TOTP_CODE_LENGTH, totpCodeSchema } from '@nocturne/contract/auth/two-factor';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { digitsOnly } from '../../../lib/forms/digits-only';
import { accountErrorMessage } from '../api/auth-call';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { ProfileNotice } from './profile-notice';

const firstCodeSchema = z.object({ code: totpCodeSchema });

/** The secret in groups of four, as authenticator apps ask for it when typed by hand. */
function readableSecret(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The steps, the secret as a QR code (drawn here, never sent anywhere else) and as text. */
function TotpSecret({ totpURI }: { totpURI: string }) {
  return (
    <>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
        <li>Open an authenticator app (Google Authenticator, Authy, 1Password, Aegis…).</li>
        <li>Scan the QR code, or type the key below.</li>
        <li>Enter the {TOTP_CODE_LENGTH}-digit code the app shows for Nocturne.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="w-fit rounded-2xl bg-white p-3">
          <QRCodeSVG
            value={totpURI}
            size={176}
            level="M"
            title="QR code for your authenticator app"
          />
        </div>
        <div className="min-w-0">
          <p className="text-sm text-zinc-400">Key to type by hand</p>
          <p
            data-testid="totp-secret"
            className="mt-1 break-words font-mono text-base tracking-wide text-zinc-100 select-all"
          >
            {readableSecret(totpURI)}
          </p>
        </div>
      </div>
    </>
  );
}

/**
 * The new secret from its `otpauth://` URI, then the first code from the app, which turns
 * two-factor sign-in on.
 */
export function TotpSetup({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(firstCodeSchema), defaultValues: { code: '' } });
  const confirm = useConfirmTwoFactor();
  const submit = form.handleSubmit(
    (input) => confirm.mutate(input, { onSuccess: onConfirmed }),
    () => confirm.reset(),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TotpSecret totpURI={totpURI} />
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          <Input
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            {...field}
            onChange={(event) => field.onChange(digitsOnly(event.target.value, TOTP_CODE_LENGTH))}
            error={fieldState.error?.message}
            containerClassName="sm:max-w-xs"
            className="font-mono text-lg tracking-[0.3em]"
          />
        )}
      />
      {confirm.isError && (
        <ProfileNotice tone="error">{accountErrorMessage(confirm.error)}</ProfileNotice>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={confirm.isPending}>
          Turn on
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
