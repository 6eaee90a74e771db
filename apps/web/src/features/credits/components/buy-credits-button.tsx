import { useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { LazyBuyCreditsDialog } from './lazy-buy-credits-dialog';

/** A button that opens the credit-pack dialog; the dialog's state lives with it. */
export function BuyCreditsButton({ children = 'Buy credits', ...rest }: ButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...rest} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <LazyBuyCreditsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
