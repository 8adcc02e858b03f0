import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressWithoutFetchClasses } from '../../scripts/server-bundle-plugins.mjs';

type CompressUtils = { isFetchResponse: (value: unknown) => boolean; isWebReadableStream: (value: unknown) => boolean };

/** @fastify/compress's helpers as the server's bundle has them. */
async function bundledCompressUtils(): Promise<{ code: string; utils: CompressUtils }> {
  const result = await build({
    stdin: { contents: "module.exports = require('@fastify/compress/lib/utils.js');", resolveDir: process.cwd() },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [compressWithoutFetchClasses],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = { exports: {} as CompressUtils };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  return { code, utils: module.exports };
}

describe("the server bundle's @fastify/compress", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells a fetch Response and a web stream apart from other payloads without reading the globals that load Node’s fetch classes', async () => {
    const response = new Response('x');
    const stream = new ReadableStream();
    const { code, utils } = await bundledCompressUtils();
    expect(code).not.toMatch(/instanceof (Response|ReadableStream)\b/);
    // Reading either global would throw now (as `instanceof` did before the plugin).
    vi.stubGlobal('Response', undefined);
    vi.stubGlobal('ReadableStream', undefined);
    expect(utils.isFetchResponse(response)).toBe(true);
    expect(utils.isWebReadableStream(stream)).toBe(true);
    for (const payload of [{}, 'text', Buffer.from('x'), null, stream]) expect(utils.isFetchResponse(payload)).toBe(false);
    for (const payload of [{}, response, Buffer.from('x')]) expect(utils.isWebReadableStream(payload)).toBe(false);
  });
});
