import axe from 'axe-core';

/**
 * axe-core (it reaches into shadow roots) on the whole page, every rule it runs by default, once every
 * animation has ended: the dialog fades in, and a half-faded text has less contrast than the user sees.
 */
export async function axeViolations(): Promise<{ id: string; nodes: string[] }[]> {
  await Promise.allSettled(animationsIn(document).map((animation) => animation.finished));
  const report = await axe.run(document, { resultTypes: ['violations'] });
  return report.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** The animations of a document or shadow root and of every shadow root inside it. */
function animationsIn(root: Document | ShadowRoot): Animation[] {
  const hosts = [...root.querySelectorAll('*')].filter((element) => element.shadowRoot);
  return [...root.getAnimations(), ...hosts.flatMap((host) => animationsIn(host.shadowRoot!))];
}
