import { resolve } from 'node:path';

/** @type {import('next').NextConfig} */
const config = {
  // The repository root holds the lock file and node_modules that this workspace's dependencies are hoisted into.
  turbopack: { root: resolve(import.meta.dirname, '../..') },
  outputFileTracingRoot: resolve(import.meta.dirname, '../..'),
  poweredByHeader: false,
};

export default config;
