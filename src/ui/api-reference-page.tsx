import { Fragment } from 'react';
import { PRODUCT_NAME } from '../shared/product';

// The API reference page (/api/docs): plain HTML the server renders from the OpenAPI document, so it
// needs no script and works under the site's Content-Security-Policy (styles from 'self').

/** The parts of an OpenAPI 3.1 operation the page shows (server/openapi/openapi.ts builds the whole one). */
export type ApiReferenceOperation = {
  summary: string;
  description?: string;
  tags: readonly string[];
  parameters: readonly { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
};

export type ApiReferenceDocument = {
  info: { title: string; description: string };
  paths: Record<string, Record<string, ApiReferenceOperation>>;
};

const METHOD_ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete'];

/** An operation's anchor: unique per method and path (`/` and `/*` must not both become `get-`). */
function operationId(method: string, path: string): string {
  return `${method}-${path.replace(/\*/g, 'any')}`.replace(/[^A-Za-z0-9]+/g, '-');
}

/** Prose whose `code` spans become <code> (as text: a span cannot carry markup). */
function Prose({ text }: { text: string }) {
  return <>{text.split(/`([^`\n]+)`/).map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}

function JsonBlock({ value }: { value: unknown }) {
  return <pre>{JSON.stringify(value, null, 2)}</pre>;
}

function Operation({ method, path, operation }: { method: string; path: string; operation: ApiReferenceOperation }) {
  const id = operationId(method, path);
  return (
    <section className="operation" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p className="summary">
        <Prose text={operation.summary} />
      </p>
      {(operation.description ?? '').split('\n\n').map((paragraph, index) => (
        <p key={index}>
          <Prose text={paragraph} />
        </p>
      ))}
      {operation.parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>In</th>
                <th>Required</th>
                <th>Description</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in} ${parameter.name}`}>
                  <td>
                    <code>{parameter.name}</code>
                  </td>
                  <td>{parameter.in}</td>
                  <td>{parameter.required ? 'yes' : 'no'}</td>
                  <td>
                    <Prose text={parameter.description ?? ''} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {operation.requestBody !== undefined && (
        <>
          <h4>Request body</h4>
          {Object.entries(operation.requestBody.content).map(([type, media]) => (
            <details key={type}>
              <summary>
                <code>{type}</code>
              </summary>
              <JsonBlock value={media.schema} />
            </details>
          ))}
        </>
      )}
      <h4>Responses</h4>
      <ul>
        {Object.entries(operation.responses).map(([status, response]) => {
          const json = response.content?.['application/json'];
          return (
            <li key={status}>
              <strong>{status}</strong> <Prose text={response.description} />
              {json?.schema !== undefined && Number(status) < 400 && (
                <details>
                  <summary>Schema</summary>
                  <JsonBlock value={json.schema} />
                </details>
              )}
              {json?.example !== undefined && (
                <details>
                  <summary>Example</summary>
                  <JsonBlock value={json.example} />
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The whole reference page, grouped by each operation's first tag, with a table of contents. */
export function ApiReferencePage({
  document,
  stylesPath,
  documentPath,
}: {
  document: ApiReferenceDocument;
  stylesPath: string;
  documentPath: string;
}) {
  const byTag = new Map<string, { method: string; path: string; operation: ApiReferenceOperation }[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHOD_ORDER) {
      const operation = item[method];
      if (operation === undefined) continue;
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const groups = [...byTag.entries()];
  const title = `${document.info.title} reference`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href={stylesPath} />
      </head>
      <body>
        <header>
          <h1>{title}</h1>
          <p>
            <Prose text={document.info.description} />
          </p>
          <p>
            Machine-readable: <a href={documentPath}>OpenAPI 3.1 document</a>. Back to <a href="/">{PRODUCT_NAME}</a>.
          </p>
        </header>
        <main>
          <nav aria-label="Endpoints">
            <ul>
              {groups.map(([tag, operations]) => (
                <li key={tag}>
                  {tag}
                  <ul>
                    {operations.map(({ method, path }) => (
                      <li key={`${method} ${path}`}>
                        <a href={`#${operationId(method, path)}`}>
                          {method.toUpperCase()} {path}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map(([tag, operations]) => (
            <Fragment key={tag}>
              <h2>{tag}</h2>
              {operations.map(({ method, path, operation }) => (
                <Operation key={`${method} ${path}`} method={method} path={path} operation={operation} />
              ))}
            </Fragment>
          ))}
        </main>
      </body>
    </html>
  );
}
