// Bundles the playground's own modules into www/dist/: app.js with everything it imports
// statically (the shell, the panels, ui, state, examples), and editors.js. index.html loads
// dist/app.js.
//
// Why (a cold load within 3x a blank page): unbundled, the first answer waited for 17
// module files. A browser opens about six connections to one server, so those files arrived in
// three rounds, and each file was parsed and linked on its own. One minified file brings the
// first table on screen sooner (the commit that bundled it has the cold-load figures, and
// BENCHMARKS.md's playground table the current ones). The sources in www/ stay as they are: the widgets copy the panels
// from there, and the docs and tests read them.
//
// What stays out of the bundle, and why:
//   * `kubegate` and `kubegate/gates`. They are resolved by index.html's import map, so the
//     playground talks to the package it publishes, and the full package loads only when needed.
//   * editors.js. It is a second entry (dist/editors.js), imported by app.js once the page is
//     ready, so the code editors never delay the first answer.
//   * editor.js, the CodeMirror bundle. The widgets load the same file, and dist/editors.js
//     imports it from www/.
// dist/ is one folder below www/, as panels/ is, so URLs the panels build from import.meta.url
// (the cluster panel's ../sim-worker.js) resolve in the bundle as they do in the sources.
import { build } from "esbuild";

const www = new URL("../www/", import.meta.url);
await build({
  entryPoints: { app: new URL("app.js", www).pathname, editors: new URL("editors.js", www).pathname },
  outdir: new URL("dist/", www).pathname,
  bundle: true,
  format: "esm",
  platform: "browser",
  minify: true,
  // Stack traces and the debugger show the sources; browsers fetch a map only with devtools open.
  sourcemap: true,
  external: ["kubegate", "kubegate/gates"],
  logLevel: "warning",
  plugins: [
    {
      name: "playground-entries",
      setup(b) {
        // app.js imports ./editors.js: the other entry, beside it in dist/.
        b.onResolve({ filter: /^\.\/editors\.js$/ }, () => ({ path: "./editors.js", external: true }));
        // editors.js imports ./editor.js: the CodeMirror bundle, one folder up.
        b.onResolve({ filter: /^\.\/editor\.js$/ }, () => ({ path: "../editor.js", external: true }));
      },
    },
  ],
});
