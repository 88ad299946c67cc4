// typescript-eslint 8 parses with TypeScript's JavaScript API (`typescript` <= 6.0). The project compiles
// with TypeScript 7 (`typescript`), whose package has no such API, so the linter gets TypeScript 6 under the
// alias `typescript6` (package.json) and this hook hands it to typescript-eslint's packages only. Loaded by
// eslint.config.mjs before typescript-eslint; nothing else in the project sees it.
const Module = require("node:module");

const LINTER_PACKAGES = /[\\/]node_modules[\\/](?:@typescript-eslint[\\/]|typescript-eslint[\\/]|ts-api-utils[\\/])/;
const resolve = Module._resolveFilename;

Module._resolveFilename = function (request, parent, ...rest) {
  const fromLinter = parent?.filename && LINTER_PACKAGES.test(parent.filename);
  if (fromLinter && (request === "typescript" || request.startsWith("typescript/"))) {
    return resolve.call(this, `typescript6${request.slice("typescript".length)}`, parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
