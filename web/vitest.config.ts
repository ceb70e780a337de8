import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Two files at a time: vitest's default leaves one of the CI machine's two cores idle.
    maxWorkers: 2,
    // Form tests drive Mantine through user-event in jsdom, which takes seconds on a busy machine.
    testTimeout: 15_000,
  },
});
