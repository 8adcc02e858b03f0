import type { Plugin } from 'esbuild';

export const staticMarkupOnly: Plugin;
export const zodEnglishOnly: Plugin;
export const compressWithoutFetchClasses: Plugin;
