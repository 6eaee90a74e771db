import { useState, type KeyboardEvent } from 'react';
import { Modal } from '../../../../components/ui/modal';
import type { ImageSize, InpaintAction } from '../../types';
import type { DeriveChoice } from '../../utils/derive-actions';
import { InpaintFields } from './inpaint-fields';
import { useInpaintForm, type InpaintFormOutput } from './inpaint-form';
import { MaskCanvas } from './mask-canvas';
import { BRUSH_SIZE, hasPaint, maskDataUrl, type MaskTool } from './mask-strokes';
import { MaskTools } from './mask-tools';
import { RepaintFooter } from './repaint-footer';
import { useInpaintSubmit } from './use-inpaint-submit';
import { useMaskStrokes, type MaskStrokes } from './use-mask-strokes';

export const MASK_EDITOR_TITLE = 'Edit region';
const DESCRIPTION =
  'Paint over what to repaint. Painting needs a mouse, pen or finger; every other control works from the keyboard.';

/** The result a region of is repainted: its id, its picture and the prompt it was made with. */
export interface MaskEditorSource {
  id: string;
  imageSrc: string;
  prompt: string;
}

/** Ctrl+Z or Cmd+Z takes back a stroke, except in the text field, which has its own undo. */
function undoOnKeys(strokes: MaskStrokes) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    const undoKeys = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z';
    if (!undoKeys || event.shiftKey || event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    strokes.undo();
  };
}

/**
 * The mask editor: paint the region of a result to repaint over the image, say what goes there
 * and how strongly, and send it. The request is sent from here, so a refusal is shown beside the
 * mask, which stays; once answered, `onSent` follows the new image like a variation.
 */
export function MaskEditorDialog({
  open,
  onClose,
  source,
  choice,
  isPremium,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  source: MaskEditorSource;
  /** "Edit region"'s price for this person, and why it is off. */
  choice: DeriveChoice;
  isPremium: boolean;
  onSent: (action: InpaintAction) => void;
}) {
  const strokes = useMaskStrokes();
  const [tool, setTool] = useState<MaskTool>('brush');
  const [brushSize, setBrushSize] = useState<number>(BRUSH_SIZE.initial);
  const [size, setSize] = useState<ImageSize | null>(null);
  const form = useInpaintForm();
  const submit = useInpaintSubmit(source.id, (action) => {
    strokes.clear();
    form.reset();
    onSent(action);
  });
  const painted = size !== null && hasPaint(strokes.strokes);

  function send({ prompt, strength }: InpaintFormOutput) {
    if (!size || !painted) return;
    submit.send({ mask: maskDataUrl(strokes.strokes, size), prompt, strength });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={MASK_EDITOR_TITLE}
      description={DESCRIPTION}
      size="xl"
      closeOnBackdrop={false}
      closeOnEscape={!submit.sending}
      showCloseButton={!submit.sending}
    >
      <form
        noValidate
        // Side by side where there is room, so the image and every control fit without scrolling.
        className="flex flex-col gap-4 md:grid md:grid-cols-[minmax(0,1fr)_17rem] md:items-start md:gap-6"
        onKeyDown={undoOnKeys(strokes)}
        onSubmit={(event) => void form.handleSubmit(send)(event)}
      >
        <MaskCanvas
          src={source.imageSrc}
          alt={`The image to repaint: ${source.prompt}`}
          size={size}
          onSize={setSize}
          strokes={strokes.strokes}
          tool={tool}
          brushSize={brushSize}
          onStroke={strokes.add}
        />
        <div className="flex flex-col gap-4">
          <MaskTools
            tool={tool}
            onTool={setTool}
            brushSize={brushSize}
            onBrushSize={setBrushSize}
            strokeCount={strokes.strokes.length}
            onUndo={strokes.undo}
            onClear={strokes.clear}
          />
          <InpaintFields form={form} sourcePrompt={source.prompt} />
          <RepaintFooter
            choice={choice}
            isPremium={isPremium}
            painted={painted}
            sending={submit.sending}
            error={submit.error}
          />
        </div>
      </form>
    </Modal>
  );
}
