import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (...args: unknown[]) => unknown;
/** Loads one of Fastify's own dependencies by name. */
export type LoadDependency = (name: string) => unknown;

/** Loads a dependency as Fastify itself would: from its install, not from the bundle. */
export const loadFromFastify: LoadDependency = (name) => createRequire(createRequire(import.meta.url).resolve('fastify'))(name);

/** The compiler factory a Fastify dependency exports (`ValidatorSelector()`, `SerializerSelector()`), made on first call. */
function onFirstUse(load: LoadDependency, name: string): () => Factory {
  let factory: Factory | undefined;
  return () => (factory ??= (load(name) as () => Factory)());
}

/**
 * Fastify's JSON-schema compilers (Ajv and fast-json-stringify), loaded the first time a route
 * with a schema needs one. Fastify loads them when the app is created; the app validates with zod
 * (route.ts) and declares no schema, so loading them (about 150 ms of a profiled Node 24 start's
 * main thread) was spent on code no request runs (decision 210). A route or plugin that does declare a schema gets
 * Fastify's own compilers, as before.
 */
export function lazySchemaCompilers(load: LoadDependency = loadFromFastify): CompilersFactory {
  const validator = onFirstUse(load, '@fastify/ajv-compiler');
  const serializer = onFirstUse(load, '@fastify/fast-json-stringify-compiler');
  return {
    buildValidator: ((...args: unknown[]) => validator()(...args)) as CompilersFactory['buildValidator'],
    buildSerializer: ((...args: unknown[]) => serializer()(...args)) as CompilersFactory['buildSerializer'],
  };
}
