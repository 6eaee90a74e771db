import { Button } from '../../../../components/ui/button';
import { OptionRadioGroup } from '../option-radio-group';
import { BRUSH_SIZE, type MaskTool } from './mask-strokes';
import { RangeField } from './range-field';

const TOOLS = [
  { value: 'brush', label: 'Brush' },
  { value: 'eraser', label: 'Eraser' },
] as const;

/** The painting tools: brush size, brush or eraser, Undo (a stroke at a time) and Clear. */
export function MaskTools({
  tool,
  onTool,
  brushSize,
  onBrushSize,
  strokeCount,
  onUndo,
  onClear,
}: {
  tool: MaskTool;
  onTool: (tool: MaskTool) => void;
  brushSize: number;
  onBrushSize: (size: number) => void;
  strokeCount: number;
  onUndo: () => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3">
        <RangeField
          label="Brush size"
          valueText={`${brushSize} px`}
          min={BRUSH_SIZE.min}
          max={BRUSH_SIZE.max}
          step={BRUSH_SIZE.step}
          value={brushSize}
          onChange={(event) => onBrushSize(event.currentTarget.valueAsNumber)}
        />
        <OptionRadioGroup legend="Tool" choices={TOOLS} value={tool} onChange={onTool} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant="glass"
          disabled={strokeCount === 0}
          aria-keyshortcuts="Control+Z Meta+Z"
          onClick={onUndo}
        >
          Undo
        </Button>
        <Button
          type="button"
          size="sm"
          variant="glass"
          disabled={strokeCount === 0}
          onClick={onClear}
        >
          Clear
        </Button>
        <p aria-live="polite" className="text-xs text-zinc-400">
          {strokeCount === 0
            ? 'Nothing painted yet.'
            : `${strokeCount} stroke${strokeCount === 1 ? '' : 's'} painted.`}
        </p>
      </div>
    </div>
  );
}
