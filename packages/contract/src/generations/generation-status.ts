import { CANCELLED_REASON } from './cancel-generation';

/** Spec §4 generation statuses and how the app shows them. */
export const GENERATION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export type StatusColour = 'yellow' | 'blue' | 'green' | 'red' | 'gray';

export interface StatusDisplay {
  label: string;
  description: string;
  colour: StatusColour;
}

const DISPLAY: Record<GenerationStatus, StatusDisplay> = {
  queued: { label: 'Queued', description: 'Waiting in queue', colour: 'yellow' },
  processing: { label: 'Processing', description: 'Generating...', colour: 'blue' },
  completed: { label: 'Completed', description: 'Completed', colour: 'green' },
  failed: { label: 'Failed', description: 'Failed', colour: 'red' },
};

/** A cancelled job: the person stopped it, so neither a failure's red nor its Retry wording. */
export const CANCELLED_DISPLAY: StatusDisplay = {
  label: 'Cancelled',
  description: 'Cancelled by you; its credits were returned',
  colour: 'gray',
};

/**
 * A row's badge: `error` tells a cancelled job (failed with the cancel reason, see
 * cancel-generation.ts) from a real failure.
 */
export function getStatusDisplay(status: string, error?: string | null): StatusDisplay {
  if (status === 'failed' && error === CANCELLED_REASON) return CANCELLED_DISPLAY;
  return (
    (DISPLAY as Record<string, StatusDisplay | undefined>)[status.toLowerCase()] ?? {
      label: 'Unknown',
      description: 'Unknown',
      colour: 'gray',
    }
  );
}
