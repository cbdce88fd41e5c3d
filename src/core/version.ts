// Replaced at build time by esbuild's define; the fallback serves the tests that import sources.
declare const __AGNT_VERSION__: string | undefined;
export const VERSION: string = typeof __AGNT_VERSION__ === 'string' ? __AGNT_VERSION__ : '0.0.0-dev';
