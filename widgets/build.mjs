// Bundle the table's ES modules and stylesheets into the Python package, so that
// `pip install cardlab` needs no Node and the page loads nothing from elsewhere.
//   node build.mjs          write cardlab/widgets/static/table.{js,css}
//   node build.mjs --check  fail if the shipped files differ from a fresh build
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, "src");
const out = join(here, "..", "cardlab", "widgets", "static");

/** The sources' fingerprint: sha256 over each file's name and text, in name order. */
export function fingerprint() {
  const h = createHash("sha256");
  for (const name of readdirSync(src).sort()) {
    h.update(name + "\n");
    h.update(readFileSync(join(src, name)));
    h.update("\n");
  }
  return h.digest("hex");
}

async function bundle() {
  const banner = `/* cardlab card table, bundled from widgets/src (sources sha256 ${fingerprint()}) */`;
  const common = { bundle: true, write: false, absWorkingDir: here, legalComments: "none", banner: { js: banner, css: banner } };
  const js = await esbuild.build({ ...common, entryPoints: ["src/index.js"], format: "esm", target: "es2020" });
  const css = await esbuild.build({ ...common, entryPoints: ["src/table.css"] });
  return { "table.js": js.outputFiles[0].text, "table.css": css.outputFiles[0].text };
}

const files = await bundle();
if (process.argv.includes("--check")) {
  const stale = Object.keys(files).filter((name) => {
    try {
      return readFileSync(join(out, name), "utf8") !== files[name];
    } catch {
      return true;
    }
  });
  if (stale.length) {
    console.error(`stale bundle: ${stale.join(", ")} differ from widgets/src; run \`make widget\``);
    process.exit(1);
  }
  console.log("the bundled table matches widgets/src");
} else {
  mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);
  console.log(`wrote ${Object.keys(files).map((n) => join("cardlab/widgets/static", n)).join(", ")}`);
}
