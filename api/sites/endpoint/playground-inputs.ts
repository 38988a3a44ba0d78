import type { EndpointAuth, EndpointContent, EndpointField, EndpointParameter } from '../../openapi/endpoint.ts';
import { escapeHtml as e } from '../../http/html.ts';
import { isRecord } from '../../openapi/spec-types.ts';
import { inputText } from './read-endpoint.ts';

/**
 * The playground's inputs, written by the server so that their labels, types and starting values are
 * plain HTML (and tested as such). Each input carries what the script needs to place its value:
 * `data-in` and `data-name` for a parameter, `data-auth` for a credential, `data-body` or `data-field` for the body.
 */
export interface Control {
  id: string;
  /** The label's name and the notes after it (type, location, "required"), as HTML already escaped. */
  label: string;
  value?: string;
  placeholder?: string;
  isRequired?: boolean;
  /** A select of these values. */
  choices?: string[];
  type?: 'text' | 'password' | 'file';
  isMultiple?: boolean;
  /** `data-*` attributes, already escaped. */
  data: string;
}

export function controlHtml(control: Control): string {
  const required = control.isRequired ? ' required' : '';
  const label = `<label for="${e(control.id)}">${control.label}${control.isRequired ? ' <span class="api-pg-required">required</span>' : ''}</label>`;
  if (control.choices) {
    // A choice that is not required may be left out; a required one starts unchosen unless it has a value.
    const empty = control.isRequired && control.value ? '' : `<option value="">${control.isRequired ? 'Choose…' : 'Not set'}</option>`;
    const options = control.choices.map((choice) => `<option${choice === control.value ? ' selected' : ''}>${e(choice)}</option>`).join('');
    return `<div class="api-pg-field">${label}<select id="${e(control.id)}" ${control.data}${required}>${empty}${options}</select></div>`;
  }
  const type = control.type ?? 'text';
  const value = type !== 'file' && control.value ? ` value="${e(control.value)}"` : '';
  const placeholder = control.placeholder ? ` placeholder="${e(control.placeholder)}"` : '';
  const text = type === 'file' ? (control.isMultiple ? ' multiple' : '') : ' autocomplete="off" spellcheck="false"';
  return `<div class="api-pg-field">${label}<input id="${e(control.id)}" type="${type}" ${control.data}${value}${placeholder}${text}${required}></div>`;
}

const typeNote = (type: string) => (type ? ` <span class="api-pg-note">${e(type)}</span>` : '');
const choicesOf = (type: string, values: unknown[] | undefined) => (values ? values.map(inputText) : type === 'boolean' ? ['true', 'false'] : undefined);

export function parameterControl(parameter: EndpointParameter, id: string): Control {
  const value = parameter.prefill ?? parameter.default;
  const choices = choicesOf(parameter.type, parameter.enum);
  return {
    id,
    label: `${e(parameter.name)}${typeNote(parameter.type)}`,
    ...(value !== undefined ? { value: inputText(value) } : {}),
    ...(parameter.example !== undefined && value === undefined ? { placeholder: inputText(parameter.example) } : {}),
    ...(parameter.required ? { isRequired: true } : {}),
    ...(choices ? { choices } : {}),
    data: `data-in="${e(parameter.in)}" data-name="${e(parameter.name)}"${parameter.type.endsWith('[]') ? ' data-array' : ''}`,
  };
}

/**
 * The inputs one way of authenticating needs, each sent where its scheme says. A scheme the browser
 * cannot send (an API key in a cookie: a page cannot set another site's cookies) or that Folio does not
 * know is named in a note instead.
 */
export function authControls(schemes: readonly EndpointAuth[], idPrefix: string): string[] {
  return schemes.map((scheme, index) => {
    const id = `${idPrefix}-${index}`;
    const value = scheme.default !== undefined ? { value: scheme.default } : {};
    const kind = scheme.type.toLowerCase();
    if (kind === 'http' && scheme.scheme === 'basic') {
      return [
        controlHtml({ id: `${id}-user`, label: 'Username <span class="api-pg-note">basic auth</span>', data: 'data-auth="basic-user"' }),
        controlHtml({
          id: `${id}-password`,
          label: 'Password <span class="api-pg-note">basic auth</span>',
          type: 'password',
          data: 'data-auth="basic-password"',
        }),
      ].join('');
    }
    if ((kind === 'http' && scheme.scheme === 'bearer') || kind === 'oauth2' || kind === 'openidconnect') {
      const name = kind === 'http' ? 'Bearer token' : 'Access token';
      return controlHtml({ id, label: `${name} <span class="api-pg-note">Authorization header</span>`, ...value, data: 'data-auth="bearer"' });
    }
    if (kind === 'apikey' && scheme.name && (scheme.in === 'header' || scheme.in === 'query')) {
      const where = scheme.in === 'header' ? 'header' : 'query parameter';
      return controlHtml({
        id,
        label: `${e(scheme.name)} <span class="api-pg-note">${where}</span>`,
        ...value,
        data: `data-auth="${scheme.in}" data-name="${e(scheme.name)}"`,
      });
    }
    if (kind === 'apikey' && scheme.in === 'cookie') return cookieNote(scheme.name ? [scheme.name] : []);
    return `<p class="api-pg-hint">The playground cannot send ${e(scheme.key)} (${e(scheme.type)}) credentials.</p>`;
  });
}

/** Cookies are named rather than asked for: a page cannot set the cookies another site receives. */
export function cookieNote(names: readonly string[]): string {
  const list = names.map((name) => `<code>${e(name)}</code>`).join(', ');
  return `<p class="api-pg-hint">Cookies${list ? ` (${list})` : ''} are not sent from here: a browser only sends the cookies the API's own site set.</p>`;
}

/** A body's inputs: a JSON (or text) editor starting from the example, or one input per form field. */
export function bodyControls(content: EndpointContent, idPrefix: string, isRequired: boolean): string {
  if (content.fields) {
    const example = isRecord(content.example) ? content.example : {};
    return content.fields
      .map((field, index) => fieldControl(field, `${idPrefix}-${index}`, Object.hasOwn(example, field.name) ? example[field.name] : undefined))
      .join('');
  }
  const example = content.example === undefined ? '' : typeof content.example === 'string' ? content.example : JSON.stringify(content.example, null, 2);
  const rows = Math.min(16, Math.max(4, example.split('\n').length));
  return `<div class="api-pg-field"><label for="${e(idPrefix)}">Body <span class="api-pg-note">${e(content.mediaType)}</span>${
    isRequired ? ' <span class="api-pg-required">required</span>' : ''
  }</label><textarea id="${e(idPrefix)}" data-body rows="${rows}" spellcheck="false"${isRequired ? ' required' : ''}>${e(example)}</textarea></div>`;
}

/** A form field starts from its default, else the body example's value for it. */
function fieldControl(field: EndpointField, id: string, example: unknown): string {
  const base = { id, label: `${e(field.name)}${typeNote(field.type)}`, ...(field.required ? { isRequired: true } : {}) };
  const data = `data-field data-name="${e(field.name)}"`;
  if (field.file) return controlHtml({ ...base, type: 'file', ...(field.isArray ? { isMultiple: true } : {}), data: `${data} data-file="${e(field.file)}"` });
  const choices = choicesOf(field.type, field.enum);
  return controlHtml({
    ...base,
    ...((field.default ?? example) !== undefined ? { value: inputText(field.default ?? example) } : {}),
    ...(choices ? { choices } : {}),
    data: `${data}${field.isArray ? ' data-array' : ''}`,
  });
}
