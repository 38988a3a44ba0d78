import { base64, type PlaygroundValues } from './build-request.ts';

type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The form's enabled inputs matching `selector`: the options not chosen are disabled (api/sites/endpoint/playground-html.ts). */
const enabled = (form: HTMLFormElement, selector: string) => [...form.querySelectorAll<Input>(selector)].filter((input) => !input.matches(':disabled'));
const chosenIndex = (form: HTMLFormElement, name: string) => Number(form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ?? 0);

/** What the reader entered, read from the inputs the server wrote; files as the browser gives them, or base64 where the API asks for it. */
export async function collect(form: HTMLFormElement): Promise<PlaygroundValues> {
  const textarea = enabled(form, 'textarea[data-body]')[0];
  const fields = enabled(form, '[data-field]');
  return {
    server: chosenIndex(form, 'server'),
    variables: Object.fromEntries(enabled(form, '[data-variable]').map((input) => [input.dataset.variable!, input.value])),
    credentials: enabled(form, '[data-auth]').map((input) => ({
      kind: input.dataset.auth!,
      ...(input.dataset.name ? { name: input.dataset.name } : {}),
      value: input.value,
    })),
    parameters: enabled(form, '[data-in]').map((input) => ({
      in: input.dataset.in!,
      name: input.dataset.name!,
      value: input.value,
      isArray: input.hasAttribute('data-array'),
    })),
    content: chosenIndex(form, 'content'),
    ...(textarea ? { body: textarea.value } : fields.length > 0 ? { body: (await Promise.all(fields.map(fieldValues))).flat() } : {}),
  };
}

async function fieldValues(input: Input): Promise<{ name: string; value: string | File }[]> {
  const name = input.dataset.name!;
  if (input instanceof HTMLInputElement && input.type === 'file') {
    const files = [...(input.files ?? [])];
    if (input.dataset.file !== 'base64') return files.map((file) => ({ name, value: file }));
    return Promise.all(files.map(async (file) => ({ name, value: base64(new Uint8Array(await file.arrayBuffer())) })));
  }
  const items = input.hasAttribute('data-array') ? input.value.split(',').map((item) => item.trim()) : [input.value];
  return items.map((value) => ({ name, value }));
}
