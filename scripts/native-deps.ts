// Builds the native addons the tests need. The project's .npmrc sets ignore-scripts=true, so `npm install`
// never runs a dependency's install script; better-sqlite3 (the SQLite of the local Bluesky PDS started
// by @atproto/dev-env in the bluesky tests) therefore arrives without its compiled addon. This compiles it
// from source with node-gyp against the local Node headers (npm's `nodedir`), only when it does not load:
// about 70 s the first time, nothing afterwards. Run by `npm test` / `npm run test:unit`, or alone as
// `npm run native:build`.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const NATIVE = ["better-sqlite3"];

// Loads the addon in a fresh process, so a failed load here is not cached.
const loads = (name: string): boolean => {
  const probe = `const D = require(${JSON.stringify(name)}); new D(":memory:").close();`;
  return spawnSync(process.execPath, ["-e", probe], { cwd: ROOT, stdio: "ignore" }).status === 0;
};

const installed = (name: string): boolean => {
  try {
    createRequire(path.join(ROOT, "package.json")).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
};

let failed = false;
for (const name of NATIVE) {
  if (!installed(name) || loads(name)) continue;
  const started = Date.now();
  console.error(
    `::: building ${name}'s native addon (npm install skips install scripts here; this takes about a minute)`,
  );
  // --build-from-source: skip prebuild-install's download of a prebuilt binary (no such host is reachable).
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(npm, ["rebuild", name, "--ignore-scripts=false", "--build-from-source", "--loglevel=warn"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (run.status !== 0 || !loads(name)) {
    console.error(
      `::: ${name} could not be built (needs python3, make and a C++ compiler, and the Node headers npm's nodedir points at)`,
    );
    failed = true;
  } else {
    console.error(`::: ${name} built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
}
process.exit(failed ? 1 : 0);
