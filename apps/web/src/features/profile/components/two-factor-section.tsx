import { useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { INITIAL_TWO_FACTOR_FLOW, twoFactorFlow } from '../utils/two-factor-flow';
import { ProfileNotice } from './profile-notice';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { TwoFactorPasswordForm } from './two-factor-password-form';
import { useFocusOnStep } from './use-focus-on-step';

/** The anchor the operator console links to (`/profile#two-factor`). */
export const TWO_FACTOR_ANCHOR = 'two-factor';

const NOTICES = {
  enabled: 'Two-factor sign-in is on. Sign-ins now ask for a code from your app.',
  disabled: 'Two-factor sign-in is off. Sign-ins ask for your password only.',
} as const;

/**
 * Two-factor sign-in (TOTP with recovery codes): turn it on with the password, scan the secret
 * and confirm a first code, keep the recovery codes; replace the codes or turn it off with the
 * password. Operators need it on for the console.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [flow, dispatch] = useReducer(twoFactorFlow, INITIAL_TWO_FACTOR_FLOW);
  const ref = useRef<HTMLDivElement>(null);
  useFocusOnStep(flow.step, ref);
  const { hash } = useLocation();

  // This section loads after the page, so the browser's own jump to the anchor has passed.
  useEffect(() => {
    if (hash === `#${TWO_FACTOR_ANCHOR}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div id={TWO_FACTOR_ANCHOR} ref={ref} className="scroll-mt-24">
      <SectionCard
        id="profile-two-factor"
        title="Two-factor sign-in"
        description="After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password alone cannot open your account."
      >
        {flow.step === 'idle' && (
          <>
            <p className="text-sm text-zinc-200">
              Status:{' '}
              <strong className={enabled ? 'text-emerald-300' : 'text-zinc-100'}>
                {enabled ? 'On' : 'Off'}
              </strong>
            </p>
            {flow.notice && <ProfileNotice tone="success">{NOTICES[flow.notice]}</ProfileNotice>}
            <div className="flex flex-wrap gap-3">
              {enabled ? (
                <>
                  <Button
                    variant="secondary"
                    onClick={() => dispatch({ type: 'start', action: 'regenerate' })}
                  >
                    New recovery codes
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => dispatch({ type: 'start', action: 'disable' })}
                  >
                    Turn off
                  </Button>
                </>
              ) : (
                <Button onClick={() => dispatch({ type: 'start', action: 'enable' })}>
                  Turn on two-factor sign-in
                </Button>
              )}
            </div>
          </>
        )}
        {flow.step === 'password' && (
          <TwoFactorPasswordForm action={flow.action} dispatch={dispatch} />
        )}
        {flow.step === 'scan' && (
          <TotpSetup
            totpURI={flow.totpURI}
            onConfirmed={() => dispatch({ type: 'confirmed' })}
            onCancel={() => dispatch({ type: 'cancel' })}
          />
        )}
        {flow.step === 'codes' && (
          <RecoveryCodes
            codes={flow.backupCodes}
            onSaved={() => dispatch({ type: 'codes-saved' })}
          />
        )}
      </SectionCard>
    </div>
  );
}
