// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// Middleware mode: scripts/start.mjs owns the HTTP server so it can migrate and seed
// before listening, serve /uploads, and shut down gracefully.
export default defineConfig({
  // ASTRO_OUT_DIR lets several builds (e.g. parallel test runs) live side by side.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'postgres'] },
  },
});
