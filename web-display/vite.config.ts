/**
 * The display (`/`), the host console (`/host/`), the phone's seat (`/seat/`) and the
 * audience screen (`/audience/`) as four pages of one build, served by the hub from web-display/dist. `npm run build:display`
 * runs this.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "/",
  publicDir: false,
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    target: "es2022",
    rollupOptions: {
      input: {
        display: here("index.html"),
        host: here("host/index.html"),
        seat: here("seat/index.html"),
        audience: here("audience/index.html"),
      },
    },
  },
});
