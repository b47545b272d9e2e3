import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { dataTree } from './data-build/vite-data.ts';

export default defineConfig({
  // Relative base: the app works when hosted under any sub-path.
  base: './',
  plugins: [preact(), dataTree('build/data')],
  build: { target: 'es2022', sourcemap: true },
  preview: { port: 4173 },
});
