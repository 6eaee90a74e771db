import { reasonMessages } from '../../components/text-limits';

/** How a dialog words a reason the contract refuses (the same rule the API checks). */
export const REASON_MESSAGES = reasonMessages();
