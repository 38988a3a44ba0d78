/**
 * The "Try it" playground's script, loaded only by pages with an interactive API endpoint
 * (api/sites/page-assets.ts). The server wrote the whole form, hidden, with the endpoint as JSON in
 * `data-endpoint`; this shows it, switches between the options of a choice, and sends the request
 * straight from the browser to the API. Folio sees none of it.
 */
import type { Endpoint } from '../../api/openapi/endpoint.ts';
import { buildRequest, PlaygroundInputError } from './build-request.ts';
import { collect } from './collect.ts';
import { showFailure, showResponse } from './show-response.ts';

/** A request still unanswered after this long is given up, saying so. */
const TIMEOUT_MS = 60_000;

/** A choice (`select[name]`) shows its chosen option's inputs; the others are disabled, so neither checked nor sent. */
function linkChoice(form: HTMLFormElement, name: string, attribute: string): void {
  const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  select?.addEventListener('change', () => {
    for (const option of form.querySelectorAll<HTMLFieldSetElement>(`fieldset[${attribute}]`)) {
      const isChosen = option.getAttribute(attribute) === select.value;
      option.hidden = !isChosen;
      option.disabled = !isChosen;
    }
  });
}

/** Why a fetch failed without an answer: the page's policy refused the address, or the API did not allow this site (CORS), or it was not reached. */
function networkFailure(url: URL, wasBlocked: boolean, isTimeout: boolean): string {
  if (isTimeout) return `No answer from ${url.origin} after ${TIMEOUT_MS / 1000} seconds.`;
  if (wasBlocked) return `This page may only send requests to the servers its API documentation names; ${url.origin} is not one of them.`;
  return `The request to ${url.origin} failed before an answer could be read. The API must accept requests from this site (CORS: an Access-Control-Allow-Origin header allowing ${location.origin}, and the methods and headers sent), and be reachable from your browser.`;
}

async function send(form: HTMLFormElement, endpoint: Endpoint, status: HTMLElement, details: HTMLElement): Promise<void> {
  let request: ReturnType<typeof buildRequest>;
  try {
    request = buildRequest(endpoint, await collect(form), location.href);
  } catch (error) {
    if (!(error instanceof PlaygroundInputError)) throw error;
    return showFailure(status, details, error.message);
  }
  let wasBlocked = false;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (event.effectiveDirective === 'connect-src') wasBlocked = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  status.className = 'api-response-status';
  status.textContent = 'Sending…';
  const startedAt = performance.now();
  try {
    await showResponse(status, details, await fetch(request.url, { ...request.init, signal }), startedAt);
  } catch {
    // The violation event is queued as a task: let it arrive before explaining the failure.
    await new Promise((resolve) => setTimeout(resolve, 0));
    showFailure(status, details, networkFailure(request.url, wasBlocked, signal.aborted));
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

function enhance(form: HTMLFormElement): void {
  let endpoint: Endpoint;
  try {
    endpoint = JSON.parse(form.dataset.endpoint ?? '') as Endpoint;
  } catch {
    return; // The page keeps saying the playground needs JavaScript: it cannot run here.
  }
  const status = form.querySelector<HTMLElement>('.api-response-status')!;
  const details = form.querySelector<HTMLElement>('.api-response-details')!;
  const button = form.querySelector<HTMLButtonElement>('.api-pg-send')!;
  linkChoice(form, 'server', 'data-server');
  linkChoice(form, 'auth', 'data-auth-option');
  linkChoice(form, 'content', 'data-content');
  // The button stays focusable while a request is out (a disabled one would drop the keyboard's focus); a second press waits.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    send(form, endpoint, status, details).finally(() => button.removeAttribute('aria-disabled'));
  });
  const note = form.previousElementSibling;
  if (note?.classList.contains('api-playground-note')) note.remove();
  form.hidden = false;
}

for (const form of document.querySelectorAll<HTMLFormElement>('form.api-playground[data-endpoint]')) enhance(form);
