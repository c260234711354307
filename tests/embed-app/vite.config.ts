import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The example app's build: React, and top-level await (main.tsx waits for the site's manifest).
export default defineConfig({ plugins: [react()], build: { target: 'es2022' } });
