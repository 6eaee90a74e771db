import { useState } from 'react';
import { PAYMENT_WINDOW_MINUTES } from '@nocturne/contract/constants';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import {
  PaymentInitiatedIllustration,
  PaymentProcessingIllustration,
} from './payment-step-illustrations';

const STEPS = [
  {
    title: 'Step 1 Payment Initiated',
    text: 'The payment page opens in a new tab. Choose a coin and send the exact amount shown.',
    Illustration: PaymentInitiatedIllustration,
  },
  {
    title: 'Step 2 Payment Processing & Completion',
    text: 'Keep the page open while the network confirms your payment. Premium activates by itself.',
    Illustration: PaymentProcessingIllustration,
  },
] as const;

/** Spec §2: what to expect on the provider's page, before the invoice is created. */
export function PaymentInstructionsModal({
  open,
  processing,
  onCancel,
  onContinue,
}: {
  open: boolean;
  processing: boolean;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const [index, setIndex] = useState(0);
  const step = STEPS[index] ?? STEPS[0];
  const { Illustration } = step;

  return (
    <Modal
      open={open}
      onClose={() => !processing && onCancel()}
      title="How payment works"
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={processing}>
            Cancel
          </Button>
          <Button onClick={onContinue} disabled={processing} aria-busy={processing || undefined}>
            {processing ? 'Processing...' : 'Continue'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <figure aria-roledescription="carousel" className="flex flex-col gap-2">
          <div className="rounded-2xl bg-night-950/60 p-3">
            <Illustration />
          </div>
          <figcaption>
            <h3 className="font-semibold text-white">{step.title}</h3>
            <p className="text-sm text-zinc-400">{step.text}</p>
          </figcaption>
          <div className="flex items-center justify-between">
            <Button variant="ghost" size="sm" onClick={() => setIndex(0)} disabled={index === 0}>
              Previous step
            </Button>
            <span className="text-xs text-zinc-500">
              {index + 1} / {STEPS.length}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setIndex(1)}
              disabled={index === STEPS.length - 1}
            >
              Next step
            </Button>
          </div>
        </figure>
        <div className="rounded-xl border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-100">
          <p className="font-bold text-rose-200">DO NOT CLOSE THE PAYMENT PAGE</p>
          <p>Keep it open until the payment is confirmed.</p>
        </div>
        <div className="rounded-xl border border-amber-400/30 bg-amber-400/10 p-3 text-sm text-amber-100">
          <p className="font-bold text-amber-200">{PAYMENT_WINDOW_MINUTES} MINUTE PAYMENT WINDOW</p>
          <p>If the window expires, use the retry button on the payment page.</p>
        </div>
        <p className="text-xs text-zinc-400">
          Payments that fail because the payment page was closed or left before confirmation are not
          Nocturne&apos;s responsibility.
        </p>
      </div>
    </Modal>
  );
}
