/** The themes a deployment's screenshots are taken in. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
