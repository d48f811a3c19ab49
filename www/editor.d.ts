// www/editor.js is the CodeMirror bundle scripts/build-site.sh copies from the widgets; its types
// are those of its source, editor-src.js (for the type check in www/tsconfig.json).
export * from "./editor-src.js";
