import { createElement } from 'react';
import { ApiReferencePage } from '../../ui/api-reference-page';
import { renderHtmlDocument } from '../pages/html-document';
import type { OpenApiDocument } from './openapi';

// The API reference page (ui/api-reference-page.tsx), rendered here as a whole document, and its stylesheet.

export function renderDocsPage(document: OpenApiDocument, stylesPath: string, documentPath: string): string {
  return renderHtmlDocument(createElement(ApiReferencePage, { document, stylesPath, documentPath }));
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
