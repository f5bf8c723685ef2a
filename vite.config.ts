import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./scripts/vite-islands.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), islands()],
  resolve: {
    // The forms' schemas use zod's smaller build (app/forms/field-rules.ts); Conform wraps them for
    // form data with four functions it takes from full zod, which would bring all of full zod to the
    // browser. zod/mini has the same four, working on the same core (decision 025).
    alias: [{ find: /^zod\/v4$/, replacement: "zod/mini" }],
  },
  environments: {
    // The server bundle's entry is our Express app, which re-exports React Router's server build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
