/**
 * The colours of the widget and the console: GitHub's light and dark palettes, their text contrast
 * checked by axe in both themes.
 */
export const LIGHT = {
  background: '#ffffff',
  text: '#1f2328',
  muted: '#59636e',
  border: '#d1d9e0',
  surface: '#f6f8fa',
  accent: '#0969da',
  'accent-text': '#ffffff',
  active: '#ddf4ff',
  'mark-background': '#fff8c5',
  'mark-text': '#1f2328',
  danger: '#d1242f',
  backdrop: 'rgb(31 35 40 / 0.5)',
};

export const DARK: typeof LIGHT = {
  background: '#0d1117',
  text: '#e6edf3',
  muted: '#9198a1',
  border: '#3d444d',
  surface: '#151b23',
  accent: '#4493f8',
  'accent-text': '#0d1117',
  active: '#172233',
  'mark-background': '#4d3b00',
  'mark-text': '#f2e6b6',
  danger: '#f85149',
  backdrop: 'rgb(1 4 9 / 0.7)',
};
