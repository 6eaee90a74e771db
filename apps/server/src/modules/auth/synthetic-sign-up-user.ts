/** What better-auth passes to `customSyntheticUser`. */
interface SyntheticUserParts {
  coreFields: { createdAt: Date } & Record<string, unknown>;
  additionalFields: Record<string, unknown>;
  id: string;
}

/**
 * The user in the answer to a sign-up for an address that already has a verified account. It
 * must read like the answer for a new account (create-auth.ts stamps a new one's createdAt,
 * updatedAt and ageConfirmedAt with one instant), so the answer does not tell whether the
 * address is registered: a fresh id from the same generator, and the confirmation stamp set.
 */
export function syntheticSignUpUser({ coreFields, additionalFields, id }: SyntheticUserParts) {
  return { ...coreFields, ...additionalFields, ageConfirmedAt: coreFields.createdAt, id };
}
