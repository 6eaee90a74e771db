import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import type { InpaintAction } from '../../types';
import { choiceHint, type DeriveChoice } from '../../utils/derive-actions';
import { MaskEditorDialog, type MaskEditorSource } from './mask-editor-dialog';

/**
 * "Edit region" beside Vary and Upscale: it opens the mask editor on the result, which sends the
 * repaint itself; once answered, `onSent` follows it. The editor keeps its mask while closed, so
 * opening it again goes on where the person left off.
 */
export function EditRegionButton({
  choice,
  source,
  isPremium,
  onSent,
}: {
  choice: DeriveChoice;
  source: MaskEditorSource;
  isPremium: boolean;
  onSent: (action: InpaintAction) => void;
}) {
  const [editing, setEditing] = useState(false);
  const hint = choiceHint(choice);
  return (
    <>
      <Button
        size="sm"
        variant="glass"
        disabled={choice.disabledReason !== null}
        aria-haspopup="dialog"
        aria-label={`${choice.label}, ${hint}`}
        onClick={() => setEditing(true)}
      >
        {choice.label}
        <span className="text-xs text-zinc-400">, {hint}</span>
      </Button>
      <MaskEditorDialog
        open={editing}
        onClose={() => setEditing(false)}
        source={source}
        choice={choice}
        isPremium={isPremium}
        onSent={(action) => {
          setEditing(false);
          onSent(action);
        }}
      />
    </>
  );
}
