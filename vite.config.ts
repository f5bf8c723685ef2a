import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The server bundle's entry is our Express app, which re-exports React Router's server build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
