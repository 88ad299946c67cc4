// Rule `local/guarded-downloads` (lib/networks, lib/services): the server fetches a URL given by a caller or by
// a network's payload (media, covers, thumbnails, attachments, photos) only through the guarded downloader,
// lib/media/download.ts (`downloadMedia`; `downloadNamedImage` in lib/networks/named-image.ts): address policy
// on every redirect hop, size and time caps, errors that say nothing of the target. `ctx.fetch` is the
// network's API client, for the network's configured URLs. Reported:
//
// - `fetch(...)` itself (and `globalThis.fetch`), and HTTP client modules (node:http, node:https, undici, ...):
//   connections that neither ctx.fetch nor the downloader make;
// - a fetcher handed on (`helper(ctx.fetch, url)`, `const { fetch } = ctx`, a parameter typed `typeof
//   fetch`): the helper that receives it can download any URL unguarded;
// - `ctx.fetch(url)` where `url`, followed through the function's variables, is a URL-named value (`cover_url`,
//   `media[0].url`, `body.upload_url`, a `location` header, ...) rather than one built from the connector's
//   settings. A URL of the network's own API that the rule cannot see built from settings (an upload URL
//   the API answered for this very request, a request helper's `call.url`) is wrapped in `networkApiUrl(...)`
//   (lib/networks/http.ts), which says so where a reviewer sees it.
//
// Limit: a URL that reaches ctx.fetch as a parameter of a helper (`googleJson(ctx, url)`) is not followed to
// the helper's callers; those helpers are given URLs built from settings by their callers.

const HTTP_MODULES = /^(node:)?(http|https|http2|net|tls)$|^(undici|axios|node-fetch|got|ky|superagent)(\/|$)/;
const URL_NAME = /(^|_)(url|uri|href|src|link|location)$|[a-z](Url|Uri|Href|Src|Link|Location)$/i;

const propertyName = (node) =>
  node.type === "MemberExpression"
    ? !node.computed && node.property.type === "Identifier"
      ? node.property.name
      : node.property.type === "Literal"
        ? String(node.property.value)
        : null
    : null;

const isFetchMember = (node) => node.type === "MemberExpression" && propertyName(node) === "fetch";

// The variable `name` refers to at `node`, or null (a global).
const resolve = (context, node) => {
  for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
    const variable = scope.set.get(node.name);
    if (variable) return variable;
  }
  return null;
};

const isGlobalFetch = (context, node) =>
  (node.type === "Identifier" && node.name === "fetch" && !resolve(context, node)) ||
  (node.type === "MemberExpression" &&
    propertyName(node) === "fetch" &&
    node.object.type === "Identifier" &&
    ["globalThis", "window", "self", "global"].includes(node.object.name));

// A member chain that goes through the connector's settings (ctx.settings.api_url, settings.base_url).
const mentionsSettings = (node) => {
  for (let n = node; n; n = n.type === "MemberExpression" ? n.object : null) {
    if (n.type === "Identifier" && n.name === "settings") return true;
    if (propertyName(n) === "settings") return true;
  }
  return false;
};

// The URL-named value `node` comes from (its text), or null when it is built from settings, a literal or a
// helper's parameter. Follows the function's variables (every value written to them) and the leading part
// of templates and concatenations (what decides the host).
const untrustedSource = (context, node, seen = new Set()) => {
  if (!node || seen.has(node)) return null;
  seen.add(node);
  const next = (n) => untrustedSource(context, n, seen);
  const text = () => context.sourceCode.getText(node);
  switch (node.type) {
    case "TemplateLiteral":
      return node.quasis[0].value.cooked === "" && node.expressions.length ? next(node.expressions[0]) : null;
    case "BinaryExpression":
      return node.operator === "+" ? next(node.left) : null;
    case "LogicalExpression":
      return next(node.left) ?? next(node.right);
    case "ConditionalExpression":
      return next(node.consequent) ?? next(node.alternate);
    case "AwaitExpression":
      return next(node.argument);
    case "TSAsExpression":
    case "TSNonNullExpression":
    case "TSSatisfiesExpression":
    case "ChainExpression":
      return next(node.expression);
    case "MemberExpression": {
      if (mentionsSettings(node)) return null;
      const name = propertyName(node);
      if (name && URL_NAME.test(name)) return text();
      return next(node.object);
    }
    case "NewExpression":
      return node.callee.type === "Identifier" && node.callee.name === "URL"
        ? (next(node.arguments[0]) ?? next(node.arguments[1]))
        : null;
    case "CallExpression": {
      const callee = node.callee;
      if (callee.type === "Identifier" && callee.name === "networkApiUrl") return null;
      if (callee.type === "MemberExpression") {
        const arg = node.arguments[0];
        if (propertyName(callee) === "get" && arg?.type === "Literal" && /^location$/i.test(String(arg.value)))
          return text(); // a Location header: where the answer points
        if (!node.arguments.length) return next(callee.object); // url.toString(), href.trim()
      }
      return next(node.arguments[0]); // withQuery(url, q), String(url); at(ctx.settings.x), api(ctx, path) are clean
    }
    case "Identifier": {
      const variable = resolve(context, node);
      if (!variable) return null;
      for (const def of variable.defs) {
        if (def.type !== "Variable") continue; // parameters, imports, functions
        const pattern = def.node.id;
        if (pattern.type !== "Identifier" && URL_NAME.test(node.name)) return text(); // const { upload_url } = body
      }
      for (const ref of variable.references) {
        const found = ref.writeExpr && next(ref.writeExpr);
        if (found) return found;
      }
      return null;
    }
    default:
      return null;
  }
};

export const guardedDownloads = {
  meta: {
    type: "problem",
    docs: { description: "Caller and network URLs are downloaded only by the guarded downloader" },
    messages: {
      globalFetch:
        "No fetch() here: a network's API goes through ctx.fetch, a URL from a caller or a network through downloadMedia (lib/media/download.ts) or downloadNamedImage (lib/networks/named-image.ts).",
      httpModule:
        '"{{source}}" opens connections outside ctx.fetch and the guarded downloader (lib/media/download.ts).',
      fetcherValue:
        "ctx.fetch is called, never handed on: a helper given a fetcher can download any URL without the address policy (use downloadMedia or downloadNamedImage).",
      fetcherParam:
        "No parameter typed `typeof fetch`: a helper given a fetcher can download any URL without the address policy (use downloadMedia or downloadNamedImage).",
      untrustedUrl:
        "ctx.fetch is the network's API client, for URLs built from its settings; `{{source}}` is a URL from a caller or a network's payload: download it with downloadMedia or downloadNamedImage, or, when it is the network's own API (an upload URL its API answered), wrap it in networkApiUrl(...).",
    },
    // allowGlobalFetch: for lib/networks/http.ts, whose timedFetch is the fetch behind ctx.fetch.
    schema: [{ type: "object", properties: { allowGlobalFetch: { type: "boolean" } }, additionalProperties: false }],
  },
  create(context) {
    const allowGlobalFetch = context.options[0]?.allowGlobalFetch === true;
    const checkImport = (node, source) => {
      if (typeof source === "string" && HTTP_MODULES.test(source))
        context.report({ node, messageId: "httpModule", data: { source } });
    };
    return {
      ImportDeclaration(node) {
        const typeOnly =
          node.importKind === "type" ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
        if (!typeOnly) checkImport(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") checkImport(node, node.source.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (isGlobalFetch(context, callee)) {
          if (!allowGlobalFetch) context.report({ node, messageId: "globalFetch" });
          return;
        }
        if (callee.type === "Identifier" && callee.name === "require" && node.arguments[0]?.type === "Literal")
          checkImport(node, node.arguments[0].value);
        if (isFetchMember(callee) && node.arguments[0]) {
          const source = untrustedSource(context, node.arguments[0]);
          if (source) context.report({ node: node.arguments[0], messageId: "untrustedUrl", data: { source } });
        }
      },
      // ctx.fetch / fetch used as a value rather than called.
      "MemberExpression, Identifier"(node) {
        const parent = node.parent;
        if (parent.type === "CallExpression" && parent.callee === node) return;
        if (node.type === "Identifier") {
          if (parent.type === "MemberExpression" && parent.property === node) return; // ctx.fetch's `fetch`
          if (parent.type === "Property" && parent.key === node && !parent.shorthand) return; // { fetch: f }
          if (parent.type === "TSTypeQuery" || parent.type === "TSPropertySignature") return; // typeof fetch
          if (!isGlobalFetch(context, node)) return;
          return context.report({ node, messageId: "fetcherValue" });
        }
        if (isFetchMember(node) && !(parent.type === "AssignmentExpression" && parent.left === node))
          context.report({ node, messageId: "fetcherValue" });
      },
      // const { fetch } = ctx
      "ObjectPattern > Property"(node) {
        if (node.key.type === "Identifier" && node.key.name === "fetch")
          context.report({ node, messageId: "fetcherValue" });
      },
      // (fetcher: typeof fetch) => ...
      TSTypeQuery(node) {
        const name = node.exprName;
        const isFetch =
          (name.type === "Identifier" && name.name === "fetch") ||
          (name.type === "TSQualifiedName" && name.right.name === "fetch");
        if (!isFetch) return;
        let owner = node.parent;
        while (owner && owner.type !== "TSTypeAnnotation" && owner.type !== "TSPropertySignature") owner = owner.parent;
        const annotated = owner?.type === "TSTypeAnnotation" ? owner.parent : null;
        if (annotated && annotated.type === "Identifier" && annotated.parent?.type !== "VariableDeclarator")
          context.report({ node, messageId: "fetcherParam" });
      },
    };
  },
};
