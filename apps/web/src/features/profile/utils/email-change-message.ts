/** What the email section says once the confirmation link is on its way to the new address. */
export function emailChangeSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email changes once you open it.`;
}
