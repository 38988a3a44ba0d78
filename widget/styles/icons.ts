import { svg } from 'lit';

/** Small outline icons, drawn with the text colour; decorative (the buttons carry names). */
const icon = (paths: ReturnType<typeof svg>, size = 16) =>
  svg`<svg width=${size} height=${size} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths}</svg>`;

export const searchIcon = (size?: number) => icon(svg`<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>`, size);
export const pageIcon = () => icon(svg`<path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z"/><path d="M14 3v5h5"/>`);
export const sparkIcon = (size?: number) => icon(svg`<path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z"/><path d="M19 17v4M17 19h4"/>`, size);
export const historyIcon = () => icon(svg`<path d="M3 12a9 9 0 1 0 3-6.7L3 8"/><path d="M3 3v5h5M12 7v5l3 2"/>`);
export const closeIcon = () => icon(svg`<path d="M18 6 6 18M6 6l12 12"/>`);
export const copyIcon = () =>
  icon(svg`<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"/>`, 14);
export const retryIcon = () => icon(svg`<path d="M21 12a9 9 0 1 1-3-6.7L21 8"/><path d="M21 3v5h-5"/>`, 14);
export const stopIcon = () => icon(svg`<rect x="6" y="6" width="12" height="12" rx="1"/>`, 14);
export const newIcon = () => icon(svg`<path d="M12 5v14M5 12h14"/>`);
export const sendIcon = () => icon(svg`<path d="m5 12 14-7-4 14-3-6z"/>`);
const thumb = svg`<path d="M7 10v12M15 5.9 14 10h5.8a2 2 0 0 1 1.9 2.6l-2.3 8a2 2 0 0 1-1.9 1.4H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.8a2 2 0 0 0 1.8-1.1L12 2a3.1 3.1 0 0 1 3 3.9z"/>`;
/** Thumbs up, or turned over, thumbs down. */
export const thumbIcon = (isDown: boolean) => icon(isDown ? svg`<g transform="rotate(180 12 12)">${thumb}</g>` : thumb);
