import { PRODUCT_NAME } from '../../shared/product';
import { escapeMarkup } from '../../domain/markup';
import type { OpenApiDocument, OpenApiOperation as Operation } from './openapi';

// The API reference page: plain HTML rendered on the server from the OpenAPI document, so it
// needs no script and works under the site's Content-Security-Policy (styles from 'self').

const METHOD_ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete'];

function code(text: string): string {
  return `<code>${escapeMarkup(text)}</code>`;
}

/** Escapes prose, then turns its `code` spans into <code> (escaping first, so a span cannot carry markup). */
function prose(text: string): string {
  return escapeMarkup(text).replace(/`([^`\n]+)`/g, '<code>$1</code>');
}

function schemaBlock(schema: unknown): string {
  return `<pre>${escapeMarkup(JSON.stringify(schema, null, 2))}</pre>`;
}

/** An operation's anchor: unique per method and path (`/` and `/*` must not both become `get-`). */
function operationId(method: string, path: string): string {
  return `${method}-${path.replace(/\*/g, 'any')}`.replace(/[^A-Za-z0-9]+/g, '-');
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = operationId(method, path);
  const parameters =
    operation.parameters.length === 0
      ? ''
      : `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Description</th></tr></thead><tbody>${operation.parameters
          .map(
            (parameter) =>
              `<tr><td>${code(parameter.name)}</td><td>${escapeMarkup(parameter.in)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${prose(parameter.description ?? '')}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const body =
    operation.requestBody === undefined
      ? ''
      : `<h4>Request body</h4>${Object.entries(operation.requestBody.content)
          .map(([type, media]) => `<details><summary>${code(type)}</summary>${schemaBlock(media.schema)}</details>`)
          .join('')}`;
  const responses = `<h4>Responses</h4><ul>${Object.entries(operation.responses)
    .map(([status, response]) => {
      const json = response.content?.['application/json'];
      const schema =
        json?.schema === undefined || Number(status) >= 400
          ? ''
          : `<details><summary>Schema</summary>${schemaBlock(json.schema)}</details>`;
      const example = json?.example === undefined ? '' : `<details><summary>Example</summary>${schemaBlock(json.example)}</details>`;
      return `<li><strong>${escapeMarkup(status)}</strong> ${prose(response.description)}${schema}${example}</li>`;
    })
    .join('')}</ul>`;
  const description = (operation.description ?? '')
    .split('\n\n')
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('');
  return `<section class="operation" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="method method-${method}">${method.toUpperCase()}</span> ${code(path)}</h3>
<p class="summary">${prose(operation.summary)}</p>${description}${parameters}${body}${responses}
</section>`;
}

/** The whole reference page, grouped by tag, with a table of contents. */
export function renderDocsPage(document: OpenApiDocument, stylesPath: string, documentPath: string): string {
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHOD_ORDER) {
      const operation = item[method];
      if (operation === undefined) continue;
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
      const id = operationId(method, path);
      contents.set(tag, [...(contents.get(tag) ?? []), `<li><a href="#${id}">${method.toUpperCase()} ${escapeMarkup(path)}</a></li>`]);
    }
  }
  const toc = [...contents.entries()].map(([tag, links]) => `<li>${escapeMarkup(tag)}<ul>${links.join('')}</ul></li>`).join('');
  const sections = [...byTag.entries()].map(([tag, operations]) => `<h2>${escapeMarkup(tag)}</h2>${operations.join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(document.info.title)} reference</title>
<link rel="stylesheet" href="${escapeMarkup(stylesPath)}">
</head>
<body>
<header><h1>${escapeMarkup(document.info.title)} reference</h1>
<p>${prose(document.info.description)}</p>
<p>Machine-readable: <a href="${escapeMarkup(documentPath)}">OpenAPI 3.1 document</a>. Back to <a href="/">${PRODUCT_NAME}</a>.</p></header>
<main>
<nav aria-label="Endpoints"><ul>${toc}</ul></nav>
${sections}
</main>
</body>
</html>`;
}

export const DOCS_CSS = `:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
html{background:#fff;color:#0f172a}a{color:#1d4ed8}
body{margin:0 auto;max-width:60rem;padding:1rem 1.25rem 4rem}
h1{margin-bottom:.25rem}h2{margin-top:2.5rem;border-bottom:1px solid #8884}
nav ul{columns:2;padding-left:1.25rem}nav>ul>li{break-inside:avoid;font-weight:600}nav li li{font-weight:400}
.operation{border:1px solid #8886;border-radius:.5rem;padding:.25rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;font-family:ui-monospace,monospace;font-weight:700}
.method-get,.method-head{color:#1d6b3a}.method-post{color:#1a4f9c}.method-put,.method-patch{color:#7a4a00}.method-delete{color:#a3161a}
@media (prefers-color-scheme:dark){html{background:#0f172a;color:#e2e8f0}a{color:#a5b4fc}.method-get,.method-head{color:#7ee2a0}.method-post{color:#9cc3ff}.method-put,.method-patch{color:#ffc46b}.method-delete{color:#ff9a9a}}
pre{overflow:auto;background:#8881;padding:.5rem;border-radius:.25rem;font-size:.85rem}
table{border-collapse:collapse}td,th{border:1px solid #8886;padding:.25rem .5rem;text-align:left}
code{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
@media (max-width:40rem){body{padding:1rem .75rem 3rem}nav ul{columns:1}nav a{overflow-wrap:anywhere}table{width:100%;table-layout:fixed}td,th{overflow-wrap:anywhere}.method{min-width:0;margin-right:.5rem}}
`;
