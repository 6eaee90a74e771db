import { useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { BuyCreditsDialog } from './buy-credits-dialog';

/** A button that opens the credit-pack dialog; the dialog's state lives with it. */
export function BuyCreditsButton({ children = 'Buy credits', ...rest }: ButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...rest} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <BuyCreditsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
