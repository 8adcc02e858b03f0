import { z } from 'zod';
import { endpoint, rawResponse } from './contract';

// The API's own description: the OpenAPI 3.1 document and a readable reference page.

export const openApiDocument = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from the shared endpoint definitions.',
  tag: 'API reference',
  response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
});

export const apiDocsPage = endpoint({
  method: 'GET',
  path: '/api/docs',
  summary: 'A readable API reference page, rendered on the server from the OpenAPI document.',
  tag: 'API reference',
  response: rawResponse('HTML.', 'text/html'),
});

export const apiDocsStyles = endpoint({
  method: 'GET',
  path: '/api/docs/styles.css',
  summary: "The API reference page's style sheet.",
  tag: 'API reference',
  response: rawResponse('CSS.', 'text/css'),
});
