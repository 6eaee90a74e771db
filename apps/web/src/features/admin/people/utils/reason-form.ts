import { fieldMessages } from '../../../../lib/forms/field-messages';

/** How a dialog words a reason the contract refuses (the same rule the API checks). */
export const REASON_MESSAGES = fieldMessages({ reason: 'Say why in 3 to 500 characters.' });
