// Rule `local/no-server-imports-in-client`: a module marked "use client" is bundled for the browser, so it must
// not import server-only code (Prisma, services, env, auth, jobs, Inngest). Type-only imports are erased by
// the compiler and stay allowed (a component may name a service's result type).
export const SERVER_ONLY_IMPORTS = [
  /^server-only$/,
  /^@\/lib\/(db|generated|services|jobs|auth|runtime|env)(\/|$)/,
  /^@\/inngest(\/|$)/,
  /^node:/,
];

const isClientModule = (program) =>
  program.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");

export const noServerImportsInClient = {
  meta: {
    type: "problem",
    docs: { description: 'Modules marked "use client" must not import server-only modules' },
    messages: {
      serverImport:
        '"{{source}}" is server-only and this module is marked "use client": call the public API through lib/query instead.',
    },
    schema: [],
  },
  create(context) {
    let client = false;
    const check = (node, source, typeOnly) => {
      if (!client || typeOnly || typeof source !== "string") return;
      if (SERVER_ONLY_IMPORTS.some((pattern) => pattern.test(source))) {
        context.report({ node, messageId: "serverImport", data: { source } });
      }
    };
    return {
      Program(program) {
        client = isClientModule(program);
      },
      ImportDeclaration(node) {
        const typeOnly =
          node.importKind === "type" ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
        check(node, node.source.value, typeOnly);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === "type");
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value, node.exportKind === "type");
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source.value, false);
      },
    };
  },
};
