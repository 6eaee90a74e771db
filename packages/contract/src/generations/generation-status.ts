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

export function getStatusDisplay(status: string): StatusDisplay {
  return (
    (DISPLAY as Record<string, StatusDisplay | undefined>)[status.toLowerCase()] ?? {
      label: 'Unknown',
      description: 'Unknown',
      colour: 'gray',
    }
  );
}
