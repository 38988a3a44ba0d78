/**
 * The API page header's and playground's styles, part of the site's stylesheet (site-styles.ts). Colours
 * are the site's variables and the badge palette of component-styles.ts, whose contrast axe checks in
 * light and dark: text on `--accent` is `--bg`, which reads on it at the 4.5:1 the accent is tuned to.
 */
export const ENDPOINT_STYLES = `
.api-endpoint{margin:0 0 2rem}
.api-endpoint-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.6rem;padding:.5rem .75rem;border:1px solid var(--border);border-radius:10px;background:var(--surface)}
.api-method,.api-status{display:inline-block;border-radius:6px;padding:0 .5rem;font-size:.8rem;font-weight:700;letter-spacing:.02em;line-height:1.7}
.api-method{text-transform:uppercase}
.api-method-green{background:var(--badge-green-bg);color:var(--badge-green-fg)}.api-method-blue{background:var(--badge-blue-bg);color:var(--badge-blue-fg)}
.api-method-yellow{background:var(--badge-yellow-bg);color:var(--badge-yellow-fg)}.api-method-orange{background:var(--badge-orange-bg);color:var(--badge-orange-fg)}
.api-method-red{background:var(--badge-red-bg);color:var(--badge-red-fg)}.api-method-purple{background:var(--badge-purple-bg);color:var(--badge-purple-fg)}
.api-method-gray{background:var(--badge-gray-bg);color:var(--badge-gray-fg)}
.api-path{background:none;padding:0;font-size:.95rem;overflow-wrap:anywhere}
.api-path-param{color:var(--accent);font-weight:600}
.api-webhook-method{color:var(--muted);font-size:.85rem}
.api-deprecated{margin-left:auto;color:var(--caution);font-size:.82rem;font-weight:600}
.api-url{margin:.75rem 0 0}
.api-try{margin:.75rem 0 0}
.api-try>summary{display:inline-block;cursor:pointer;padding:.3rem .9rem;border-radius:8px;background:var(--accent);color:var(--bg);font-weight:600;font-size:.9rem}
.api-try>summary::-webkit-details-marker{display:none}
.api-try>summary:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.api-playground-note{color:var(--muted);font-size:.9rem;margin:.75rem 0 0}
.api-playground{margin:.75rem 0 0;padding:1rem;border:1px solid var(--border);border-radius:10px;display:grid;gap:.9rem}
.api-playground[hidden],.api-pg-option[hidden],.api-response-details[hidden]{display:none}
.api-pg-group,.api-pg-option{margin:0;padding:0;border:0;min-width:0;display:grid;gap:.6rem}
.api-pg-group>legend{padding:0;margin:0 0 .5rem;font-weight:650;font-size:.95rem}
.api-pg-servers{display:grid;gap:.6rem}
.api-pg-server,.api-pg-hint{margin:0;font-size:.9rem;color:var(--muted)}
.api-pg-field{display:grid;gap:.2rem}
.api-pg-field label{font-size:.88rem;font-weight:550}
.api-pg-note{color:var(--muted);font-weight:400;margin-left:.3rem}
.api-pg-required{color:var(--danger);font-weight:500;font-size:.8rem;margin-left:.3rem}
.api-playground input,.api-playground select,.api-playground textarea{font:inherit;font-size:.9rem;color:var(--text);background:var(--bg);border:1px solid var(--border);border-radius:6px;padding:.35rem .5rem;min-width:0;max-width:100%}
.api-playground textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem;resize:vertical;width:100%}
.api-playground input:focus-visible,.api-playground select:focus-visible,.api-playground textarea:focus-visible,.api-pg-send:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.api-pg-send{font:inherit;font-weight:650;padding:.4rem 1.2rem;border:0;border-radius:6px;background:var(--accent);color:var(--bg);cursor:pointer}
.api-pg-send[aria-disabled="true"]{opacity:.7;cursor:progress}
.api-response-status{margin:0;font-size:.9rem}
.api-response-status:empty{display:none}
.api-response-error{color:var(--danger)}
.api-response-details{display:grid;gap:.5rem}
.api-response-details pre{max-height:28rem;overflow:auto}
.api-response-details details summary{cursor:pointer;font-size:.88rem}
.api-response-headers{margin:.4rem 0 0;font-size:.85rem;display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem}
.api-response-headers dt{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--muted)}
.api-response-headers dd{margin:0;overflow-wrap:anywhere}
`;
