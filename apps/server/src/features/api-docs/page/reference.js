// Renders /api/openapi.json as a browsable list: one section per tag, one entry per operation with who may call
// it, its parameters, body and replies. Built with DOM calls only (textContent), so no document text is run as HTML.

/** @param {string} tag @param {Record<string, unknown>} attributes @param {(Node | string)[]} children */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

/** Resolves a local "$ref" (#/components/…) against the document. */
function resolve(spec, value) {
  if (value && typeof value === "object" && typeof value.$ref === "string") {
    return value.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((node, key) => (node ? node[key] : undefined), spec);
  }
  return value;
}

function schemaBlock(schema) {
  return el("pre", { class: "schema" }, JSON.stringify(schema, null, 2));
}

function parametersTable(parameters) {
  const body = el("tbody");
  for (const parameter of parameters) {
    const type = parameter.schema?.type ?? (parameter.schema?.enum ? "enum" : "");
    const extra = parameter.schema?.enum ? ` (${parameter.schema.enum.join(" | ")})` : "";
    body.append(
      el(
        "tr",
        {},
        el("td", {}, el("code", {}, parameter.name)),
        el("td", {}, parameter.in),
        el("td", {}, `${Array.isArray(type) ? type.join(" | ") : type}${extra}`),
        el("td", {}, parameter.required ? "required" : "optional"),
      ),
    );
  }
  return el(
    "table",
    {},
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", {}, "name"),
        el("th", {}, "in"),
        el("th", {}, "type"),
        el("th", {}, ""),
      ),
    ),
    body,
  );
}

function operationEntry(spec, path, method, operation) {
  const summary = el(
    "summary",
    {},
    el("span", { class: `method ${method}` }, method.toUpperCase()),
    " ",
    el("code", {}, path),
  );
  const details = el(
    "details",
    {
      class: "operation",
      "data-search": `${method} ${path} ${operation.description}`.toLowerCase(),
    },
    summary,
  );
  details.append(el("p", {}, operation.description ?? ""));
  const scopes = (operation.security ?? []).flatMap((rule) => rule.apiKey ?? []);
  if (scopes.length > 0)
    details.append(el("p", {}, `Personal API keys need the scope: ${scopes.join(", ")}.`));
  if (operation.parameters?.length) {
    details.append(el("h4", {}, "Parameters"), parametersTable(operation.parameters));
  }
  const body = operation.requestBody?.content;
  if (body) {
    for (const [type, media] of Object.entries(body)) {
      details.append(el("h4", {}, `Body (${type})`), schemaBlock(media.schema));
    }
  }
  details.append(el("h4", {}, "Replies"));
  const list = el("dl");
  for (const [status, value] of Object.entries(operation.responses ?? {})) {
    const reply = resolve(spec, value);
    list.append(el("dt", {}, status), el("dd", {}, reply?.description ?? ""));
    for (const [type, media] of Object.entries(reply?.content ?? {})) {
      if (value.$ref) continue;
      list.append(el("dd", {}, el("small", {}, type), schemaBlock(media.schema)));
    }
  }
  details.append(list);
  return details;
}

function render(spec) {
  const main = document.getElementById("operations");
  const byTag = new Map();
  let count = 0;
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? "api";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operationEntry(spec, path, method, operation));
      count++;
    }
  }
  for (const tag of [...byTag.keys()].sort()) {
    main.append(el("section", { class: "tag" }, el("h2", {}, tag), ...byTag.get(tag)));
  }
  document.getElementById("summary").textContent =
    `${spec.info.title} ${spec.info.version}: ${count} operations. ${spec.info.description ?? ""}`;
}

function filter(text) {
  const needle = text.trim().toLowerCase();
  for (const section of document.querySelectorAll("section.tag")) {
    let shown = 0;
    for (const entry of section.querySelectorAll("details.operation")) {
      const match = needle === "" || entry.dataset.search.includes(needle);
      entry.hidden = !match;
      if (match) shown++;
    }
    section.hidden = shown === 0;
  }
}

async function start() {
  try {
    const reply = await fetch("/api/openapi.json", { headers: { accept: "application/json" } });
    if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
    render(await reply.json());
  } catch (error) {
    document.getElementById("summary").textContent =
      `The API document could not be loaded: ${error}`;
  }
  document
    .getElementById("filter")
    .addEventListener("input", (event) => filter(event.target.value));
}

start();
