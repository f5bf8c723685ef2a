// Runs last in `npm run build`: writes a brotli (.br) and a gzip (.gz) copy next to every text
// file of build/client, compressed once at the highest levels, so the server (or nginx's
// gzip_static, or a CDN) sends them without compressing on each request.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { buildDir } from "#server/build-info.ts";
import { isCompressible } from "#server/precompressed.ts";

const clientDir = path.join(buildDir, "client");
let count = 0;
for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
  const full = path.join(clientDir, file);
  if (!isCompressible(full) || !statSync(full).isFile()) continue;
  const content = readFileSync(full);
  writeFileSync(
    `${full}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`Precompressed ${count} files (brotli and gzip).`);
