// ESLint: the layer boundaries of CONTRIBUTING.md ("Layers") plus a small correctness set. Formatting is
// Prettier's job (npm run format:check), so no stylistic rule lives here.
import "./eslint/typescript-for-parser.cjs";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import { noServerImportsInClient } from "./eslint/client-imports.mjs";
import { guardedDownloads } from "./eslint/guarded-downloads.mjs";

// Test code: test files, test helpers named test-*.ts / *-test-*.ts, testing/ folders, the Playwright suite
// and its network fakes. Production code must not import it; it may use Prisma and process.env freely.
const TEST_FILES = ["**/*.test.ts", "**/test-*.ts", "**/*-test-*.ts", "**/testing/**", "e2e/**", "bench/**"];

// Tooling that runs outside the app: config files and the scripts behind npm run.
const TOOLING_FILES = ["*.config.ts", "*.config.mjs", "eslint/**", "scripts/**"];

// Where Prisma may be used at runtime: the services (the only layer that queries), the client itself, the
// transactional outbox (it writes events in the caller's transaction), the local Inngest runner (its durable
// run state lives in its own tables), and the Prisma-error mapping of the API wrapper.
const PRISMA_FILES = [
  "lib/services/**",
  "lib/db/**",
  "lib/jobs/outbox.ts",
  "inngest/local-runner/**",
  "lib/api/prisma-errors.ts",
];

// Readers of process.env besides lib/env.ts, each for a reason lib/env.ts cannot serve: the Next
// instrumentation hook (the bundler inlines NEXT_RUNTIME), the process bootstrap of `npm start` and the CLI
// (it produces the environment lib/env.ts then validates), and the embedded PostgreSQL server (it passes the
// environment on to the child processes it spawns).
const PROCESS_ENV_FILES = ["lib/env.ts", "instrumentation.ts", "lib/runtime/**", "lib/db/embedded/**"];

const prismaImports = {
  group: ["@/lib/db/client", "@/lib/generated/*", "**/db/client", "**/generated/prisma/*"],
  message: "Prisma is used in lib/services only: call a service (see CONTRIBUTING.md, Layers).",
};
const testImports = {
  group: ["@/e2e/*", "**/e2e/*", "@/testing/*", "@/bench/*", "**/testing/*", "**/test-*", "**/*-test-*"],
  message: "Production code must not import test code (e2e/, testing/, test-*.ts, bench/).",
};
// lib/ is below inngest/ (CONTRIBUTING.md, Layers): the functions and the local runner call lib, never the
// other way round. Events are defined in lib/jobs/events and sent with lib/jobs/send.ts; the dispatchers of
// inngest/ subscribe to lib/jobs/dispatchers.ts. (The npm package "inngest" is another module.)
const inngestImports = {
  regex: "^(@/inngest|(\\.\\./)+inngest)(/|$)",
  message: "lib/ must not import inngest/: send events with lib/jobs/send.ts (see CONTRIBUTING.md, Layers).",
};
// lib/api is the HTTP edge (CONTRIBUTING.md, Layers): it calls services; services, networks and jobs never
// import it back (what both need lives beside it: lib/errors.ts, lib/serializers, lib/pagination.ts).
// tests/architecture/import-cycles.test.ts proves the folders have no circle.
const edgeImports = {
  regex: "^(@/lib/api|(\\.\\./)+(lib/)?api)(/|$)",
  message:
    "Services, networks and jobs must not import the HTTP edge (lib/api): use lib/errors, lib/serializers, lib/pagination (see CONTRIBUTING.md, Layers).",
};
const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read configuration through lib/env.ts (the only reader of process.env).",
};

export default defineConfig(
  {
    ignores: [
      ".next/**",
      "lib/generated/**",
      "node_modules/**",
      ".data/**",
      ".e2e/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
      "next-env.d.ts",
    ],
  },
  {
    files: ["**/*.{ts,tsx,mjs,cjs,js}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: {
      local: {
        rules: { "no-server-imports-in-client": noServerImportsInClient, "guarded-downloads": guardedDownloads },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "local/no-server-imports-in-client": "error",
      // Off: ~40 uses, nearly all in tests and network fakes typing loose JSON; a style choice, not a defect.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Production code: no Prisma outside PRISMA_FILES (row types may be imported as types), no test code.
  {
    files: ["**/*.{ts,tsx}"],
    ignores: [...TEST_FILES, ...TOOLING_FILES, ...PRISMA_FILES],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ ...prismaImports, allowTypeImports: true }, testImports] }],
    },
  },
  // Pages and components: not even Prisma's types (they render the contract's shapes).
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: TEST_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [prismaImports, testImports] }] },
  },
  // Prisma's own modules may import themselves; the services and the other Prisma users still not test code.
  {
    files: PRISMA_FILES.map((glob) => (glob.endsWith("**") ? `${glob}/*.{ts,tsx}` : glob)),
    ignores: TEST_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [testImports] }] },
  },
  // The scripts that ship (npm start, the CLI, migrations, the schema-engine stand-in): no test code either.
  // scripts/bench*.ts and scripts/soak*.ts are test campaigns and may use it.
  {
    files: ["scripts/*.ts"],
    ignores: ["scripts/bench*.ts", "scripts/soak*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [testImports] }] },
  },
  // lib/ production code: nothing from inngest/ either (the same patterns as above, plus that one).
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: [...TEST_FILES, ...PRISMA_FILES],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ ...prismaImports, allowTypeImports: true }, testImports, inngestImports] },
      ],
    },
  },
  {
    files: PRISMA_FILES.filter((glob) => glob.startsWith("lib/")).map((glob) =>
      glob.endsWith("**") ? `${glob}/*.{ts,tsx}` : glob,
    ),
    ignores: TEST_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [testImports, inngestImports] }] },
  },
  // Below the edge (services, networks, jobs): not lib/api either. These blocks repeat the patterns of the two
  // above, since a later block's no-restricted-imports replaces an earlier one's instead of adding to it.
  {
    files: ["lib/networks/**/*.{ts,tsx}", "lib/jobs/**/*.{ts,tsx}"],
    ignores: [...TEST_FILES, ...PRISMA_FILES],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ ...prismaImports, allowTypeImports: true }, testImports, inngestImports, edgeImports] },
      ],
    },
  },
  {
    files: ["lib/services/**/*.{ts,tsx}", "lib/jobs/outbox.ts"],
    ignores: TEST_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [testImports, inngestImports, edgeImports] }] },
  },
  // process.env: lib/env.ts and the few PROCESS_ENV_FILES; tests and tooling read it freely.
  {
    files: ["**/*.{ts,tsx}"],
    ignores: [...TEST_FILES, ...TOOLING_FILES, ...PROCESS_ENV_FILES],
    rules: { "no-restricted-syntax": ["error", processEnv] },
  },
  // Caller and network URLs are downloaded by the guarded downloader only; ctx.fetch is for the networks' APIs
  // (eslint/guarded-downloads.mjs). lib/networks/http.ts holds the fetch behind ctx.fetch; the webhook
  // delivery POSTs to the caller's URL over node:https under the same address policy (no download).
  {
    files: ["lib/networks/**/*.ts", "lib/services/**/*.ts"],
    ignores: [...TEST_FILES, "lib/services/webhooks/post-json.ts"],
    rules: { "local/guarded-downloads": "error" },
  },
  {
    files: ["lib/networks/http.ts"],
    rules: { "local/guarded-downloads": ["error", { allowGlobalFetch: true }] },
  },
);
