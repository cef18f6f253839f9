/** A step's name in the editor: the first email, then numbered follow-ups. */
export const stepTitle = (i: number) => (i === 0 ? 'Email 1' : `Follow-up ${i}`);
